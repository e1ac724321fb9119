// Demo homeowner journeys (README of this folder): ~1,500 homes that went through the flow of the demo brands over the
// last 12 months, so the console's analytics have something to show. Each is made as the flow makes one: answers
// checked against the brand's question set, the building computed by the engine, its facts written by the API's code
// (analytics/insights.ts, many homes per statement); the analytics triggers fill the summary from those rows. Nothing
// is written to the analytics tables directly.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityType } from '@home-energy/shared/schemas/energy';
import type { PlanLoan } from '@home-energy/shared/schemas/plan';
import type { Db } from '../db/client';
import {
  buildingProfiles,
  homeownerProperties,
  homeowners,
  installerRequests,
  interactions,
  organisations,
  properties,
} from '../db/schema';
import type { GeoTables } from '../energy/geo-data';
import type { PersonalNumberVault } from '../bankid/personal-number';
import { computeBuilding, type BuildingResult } from '../modules/building/service';
import type { PropertyRow, StoredPlan } from '../modules/building/repository';
import { questionSet } from '../modules/questions/repository';
import { applyAnswers, validateAnswers } from '../modules/questions/validate-answers';
import { organisationRates } from '../modules/configuration/repository';
import { offeredInstallers } from '../modules/installer-requests/repository';
import { isRecommended, profileFacts, saveManyProfileInsights } from '../modules/analytics/insights';
import { mulberry32, pick, randInt, weighted, type Rng } from '../register/prng';
import { SMALL_HOUSE_TYPES } from '../register/types';
import { DAY_MS } from '@home-energy/shared/schemas/dates';
import {
  journeyAnswers,
  journeyPlan,
  journeyTime,
  MINUTE_MS,
  requestHistory,
  visitorIdOf,
  type DemoRequest,
} from './demo-journey-draws';
import { demoHomeownerRow, demoPerson, type DemoPerson } from './demo-people';
import { demoDataLeft } from './demo-removal';
import { demoOrganisationsLoaded, type DemoOrganisation, type DemoOrganisationLoaded } from './demo-journeys-report';

export const DEMO_JOURNEY_COUNT = 1_500;
const DEMO_JOURNEY_SEED = 20_261_126;
/** Rows per insert statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 400;

/** The demo brands the journeys come through, and their shares. */
const BRAND_SHARES = [
  ['demo-energi', 0.6],
  ['demo-bank', 0.32],
  ['demo-installer', 0.08],
] as const;

export interface DemoJourneysLoaded {
  journeys: number;
  homeowners: number;
  plans: number;
  installerRequests: number;
  interactions: number;
  /** What each organisation's console analytics count of them. */
  organisations: DemoOrganisationLoaded[];
}

type DemoOwner =
  | { kind: 'visitor'; visitorId: string }
  | { kind: 'homeowner'; person: DemoPerson; signedInAt: Date; returnsAt: Date | null; sharesContact: boolean };
type DemoHomeowner = Extract<DemoOwner, { kind: 'homeowner' }>;

export interface Journey {
  property: PropertyRow;
  organisationId: number;
  owner: DemoOwner;
  answers: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  result: BuildingResult;
  plan: StoredPlan | null;
  requests: DemoRequest[];
  loanChange: PlanLoan['type'] | null;
}

/** What the journeys are drawn against: the demo brands (question set, prices, installers), the register's houses. */
export interface DemoWorld {
  brands: {
    id: number;
    weight: number;
    definitions: Awaited<ReturnType<typeof questionSet>>;
    rates: Awaited<ReturnType<typeof organisationRates>>;
    installers: Awaited<ReturnType<typeof offeredInstallers>>;
  }[];
  homes: PropertyRow[];
  /** Installer organisations by slug: a request to one of them reaches its console. */
  installerOrgs: Map<string, number>;
  /** The brands and installer organisations, for the report of what each got. */
  organisations: DemoOrganisation[];
}

const organisationColumns = {
  id: organisations.id,
  slug: organisations.slug,
  name: organisations.name,
  features: organisations.features,
  isInstaller: organisations.isInstaller,
};

async function demoWorld(db: Db): Promise<DemoWorld> {
  const found = await db
    .select(organisationColumns)
    .from(organisations)
    .where(
      inArray(
        organisations.slug,
        BRAND_SHARES.map(([slug]) => slug),
      ),
    );
  const brands: DemoWorld['brands'] = [];
  for (const [slug, weight] of BRAND_SHARES) {
    const id = found.find((o) => o.slug === slug)?.id;
    if (id !== undefined)
      brands.push({
        id,
        weight,
        definitions: await questionSet(db, id),
        rates: await organisationRates(db, id),
        installers: await offeredInstallers(db, id),
      });
  }
  const homes = await db
    .select()
    .from(properties)
    .where(
      and(eq(properties.demo, true), inArray(sql`${properties.building}->>'building_type'`, [...SMALL_HOUSE_TYPES])),
    )
    .orderBy(asc(properties.id));
  if (brands.length === 0 || homes.length === 0)
    throw new Error('The demo journeys need the demo organisations and register: run `seed` first.');
  const installers = await db
    .select(organisationColumns)
    .from(organisations)
    .where(eq(organisations.isInstaller, true));
  const installerOrgs = new Map(installers.map((o) => [o.slug, o.id]));
  const reported = [...found, ...installers.filter((i) => !found.some((o) => o.id === i.id))];
  return { brands, homes, installerOrgs, organisations: reported };
}

/** The journeys, drawn and computed (no database): one house each, a shuffled pick of the register's. */
function drawJourneys(rng: Rng, world: DemoWorld, options: { geo: GeoTables; now: number; count: number }): Journey[] {
  const { now } = options;
  const year = new Date(now).getUTCFullYear();
  const order = world.homes.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const journeys: Journey[] = [];
  let people = 0;
  for (const index of order.slice(0, Math.min(options.count, world.homes.length))) {
    const property = world.homes[index]!;
    const brand = weighted(
      rng,
      world.brands.map((b) => [b, b.weight] as const),
    );
    const createdAt = journeyTime(rng, now);
    const updatedAt = new Date(Math.min(createdAt.getTime() + randInt(rng, 3, 25) * MINUTE_MS, now));
    const given = journeyAnswers(rng, property, year);
    validateAnswers(given as Parameters<typeof validateAnswers>[0], brand.definitions, year);
    const answers = applyAnswers({}, given as Parameters<typeof applyAnswers>[1]);
    const result = computeBuilding({
      property,
      answers,
      rates: null,
      consumption: null,
      documents: [],
      geo: options.geo,
      year,
      organisationRates: brand.rates,
    });
    const signedIn = rng() < 0.35;
    let owner: DemoOwner = { kind: 'visitor', visitorId: visitorIdOf(journeys.length) };
    if (signedIn) {
      const returns =
        rng() < 0.45
          ? new Date(updatedAt.getTime() + randInt(rng, 1, 120) * DAY_MS + randInt(rng, 0, 600) * MINUTE_MS)
          : null;
      owner = {
        kind: 'homeowner',
        person: demoPerson(rng, ++people),
        signedInAt: updatedAt,
        returnsAt: returns && returns.getTime() < now ? returns : null,
        sharesContact: rng() < 0.7,
      };
    }
    const plan = rng() < (signedIn ? 0.4 : 0.1) ? journeyPlan(rng, result, updatedAt) : null;
    const requests: DemoRequest[] = [];
    if (owner.kind === 'homeowner' && owner.sharesContact && brand.installers.length > 0 && rng() < 0.45) {
      const wanted = result.recommendations
        .filter((a) => isRecommended(a) && a.needs_installer && a.category !== 'package')
        .slice(0, randInt(rng, 1, 2));
      for (const activity of wanted) {
        const local = brand.installers.find((i) => world.installerOrgs.has(i.identifier));
        const installer = local && rng() < 0.55 ? local : pick(rng, brand.installers);
        const sentAt = new Date(
          Math.min(updatedAt.getTime() + randInt(rng, 5, 3 * 24 * 60) * MINUTE_MS, now - MINUTE_MS),
        );
        requests.push({
          installer,
          key: activity.name as ActivityType,
          createdAt: sentAt,
          ...requestHistory(rng, sentAt, now),
        });
      }
    }
    const loanChange =
      result.basis && rng() < 0.25
        ? weighted(rng, [
            ['Private', 0.5],
            ['Mortgage', 0.35],
            ['Cash', 0.15],
          ] as const)
        : null;
    journeys.push({
      property,
      organisationId: brand.id,
      owner,
      answers,
      createdAt,
      updatedAt,
      result,
      plan,
      requests,
      loanChange,
    });
  }
  return journeys;
}

async function chunked<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}

/**
 * Loads the demo journeys (demo mode only; the CLI's `seed --journeys`) unless they are there: deterministic for a
 * given day (seeded, dated back from `now`), in one transaction. Needs the demo organisations and register.
 */
export async function seedDemoJourneys(
  db: Db,
  options: { vault: PersonalNumberVault; geo: GeoTables; now?: number; count?: number },
): Promise<DemoJourneysLoaded | null> {
  if ((await demoDataLeft(db)).journeys > 0) return null;
  const { journeys, world } = await drawDemoJourneys(db, options);
  return db.transaction((tx) => writeJourneys(tx as unknown as Db, journeys, world, options.vault));
}

/** The journeys the seed writes, drawn and computed but not written: the same for the same database and day. */
export async function drawDemoJourneys(
  db: Db,
  options: { geo: GeoTables; now?: number; count?: number },
): Promise<{ journeys: Journey[]; world: DemoWorld }> {
  const world = await demoWorld(db);
  const now = options.now ?? Date.now();
  return {
    journeys: drawJourneys(mulberry32(DEMO_JOURNEY_SEED), world, {
      geo: options.geo,
      now,
      count: options.count ?? DEMO_JOURNEY_COUNT,
    }),
    world,
  };
}

/** Writes the journeys as the flow leaves them, a few statements per table; the triggers count them. */
async function writeJourneys(
  t: Db,
  journeys: Journey[],
  world: DemoWorld,
  vault: PersonalNumberVault,
): Promise<DemoJourneysLoaded> {
  const { installerOrgs } = world;
  const homeownerIdOf = new Map<string, number>();
  const signedIn = journeys.flatMap((j) => (j.owner.kind === 'homeowner' ? [{ journey: j, owner: j.owner }] : []));
  await chunked(signedIn, async (chunk) => {
    const rows = chunk.map(({ owner }) => ({
      ...demoHomeownerRow(vault, owner.person),
      contactEmail: owner.sharesContact ? owner.person.contact.email : null,
      // Demo homeowners confirmed their address when they gave it (homeowner/email-verification.ts).
      contactEmailVerifiedAt: owner.sharesContact ? owner.signedInAt : null,
      contactMobile: owner.sharesContact ? owner.person.contact.mobile : null,
      createdAt: owner.signedInAt,
      lastSignInAt: owner.signedInAt,
    }));
    const ids = await t
      .insert(homeowners)
      .values(rows)
      .returning({ id: homeowners.id, hash: homeowners.personalNumberHash });
    for (const row of ids) homeownerIdOf.set(row.hash, row.id);
  });
  const homeownerOf = (owner: DemoHomeowner) => homeownerIdOf.get(vault.hash(owner.person.personalNumber))!;

  const profileIdOf = new Map<number, number>();
  await chunked(journeys, async (chunk) => {
    const ids = await t
      .insert(buildingProfiles)
      .values(
        chunk.map((j) => ({
          propertyId: j.property.id,
          ...(j.owner.kind === 'homeowner' ? { homeownerId: homeownerOf(j.owner) } : { visitorId: j.owner.visitorId }),
          organisationId: j.organisationId,
          answers: j.answers,
          plan: j.plan,
          ...j.result.labels,
          computedAt: j.updatedAt,
          createdAt: j.createdAt,
          updatedAt: j.updatedAt,
          demo: true,
        })),
      )
      .returning({ id: buildingProfiles.id, propertyId: buildingProfiles.propertyId });
    for (const row of ids) profileIdOf.set(row.propertyId, row.id);
  });
  await chunked(journeys, (chunk) =>
    saveManyProfileInsights(
      t,
      chunk.map((j) => ({ profileId: profileIdOf.get(j.property.id)!, facts: profileFacts(j.result, j.answers) })),
    ),
  );
  await chunked(signedIn, (chunk) =>
    t.insert(homeownerProperties).values(
      chunk.map(({ journey, owner }) => ({
        homeownerId: homeownerOf(owner),
        propertyId: journey.property.id,
        relation: 'flow_added',
        createdAt: journey.createdAt,
      })),
    ),
  );

  const requests = signedIn.flatMap(({ journey, owner }) =>
    journey.requests.map((r) => ({
      homeownerId: homeownerOf(owner),
      propertyId: journey.property.id,
      organisationId: journey.organisationId,
      installerIdentifier: r.installer.identifier,
      installerName: r.installer.name,
      activityKey: r.key,
      installerOrganisationId: installerOrgs.get(r.installer.identifier.toLowerCase()) ?? null,
      // A withdrawn lead keeps no contact details (docs/using-the-demo.md "Installer leads").
      contactEmail: r.withdrawnAt ? null : owner.person.contact.email,
      contactMobile: r.withdrawnAt ? null : owner.person.contact.mobile,
      status: r.status,
      contactedAt: r.contactedAt,
      quotedAt: r.quotedAt,
      statusChangedAt: r.statusChangedAt,
      withdrawnAt: r.withdrawnAt,
      withdrawnFrom: r.withdrawnFrom,
      createdAt: r.createdAt,
      sentAt: r.createdAt,
    })),
  );
  await chunked(requests, (chunk) => t.insert(installerRequests).values(chunk));

  // What the pages log (POST /api/flow/interaction): the address search, a loan type changed, the contact form sent.
  const actor = (j: Journey) =>
    j.owner.kind === 'homeowner' ? { homeownerId: homeownerOf(j.owner) } : { visitorId: j.owner.visitorId };
  const logged = journeys.flatMap((j) => [
    {
      action: 'property_search.start',
      object: 'address_search',
      propertyId: j.property.id,
      organisationId: j.organisationId,
      createdAt: new Date(j.createdAt.getTime() - 2 * MINUTE_MS),
      ...actor(j),
    },
    ...(j.loanChange
      ? [
          {
            action: 'loan_type.change',
            object: j.loanChange,
            propertyId: j.property.id,
            organisationId: j.organisationId,
            createdAt: j.updatedAt,
            ...actor(j),
          },
        ]
      : []),
    ...(j.owner.kind === 'homeowner' && j.owner.sharesContact
      ? [
          {
            action: 'contact.submit',
            object: 'contact_form',
            propertyId: null,
            organisationId: j.organisationId,
            createdAt: new Date(j.updatedAt.getTime() + MINUTE_MS),
            ...actor(j),
          },
        ]
      : []),
  ]);
  await chunked(logged, (chunk) => t.insert(interactions).values(chunk));

  // Homeowners who came back later: a sign-in, which the analytics count as activity that day.
  const returns = signedIn.filter(({ owner }) => owner.returnsAt !== null);
  await chunked(returns, async (chunk) => {
    const values = sql.join(
      chunk.map(({ owner }) => sql`(${homeownerOf(owner)}::int, ${owner.returnsAt!.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await t.execute(
      sql`update homeowners h set last_sign_in_at = v.at from (values ${values}) as v(id, at) where h.id = v.id`,
    );
  });

  return {
    journeys: journeys.length,
    homeowners: signedIn.length,
    plans: journeys.filter((j) => j.plan).length,
    installerRequests: requests.length,
    interactions: logged.length,
    organisations: demoOrganisationsLoaded(world.organisations, {
      profiles: journeys.map((j) => ({
        organisationId: j.organisationId,
        homeowner: j.owner.kind === 'homeowner',
        plan: j.plan !== null,
      })),
      requests,
      interactions: logged,
    }),
  };
}
