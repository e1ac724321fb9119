// Demo homeowner journeys (README of this folder): ~1,500 homes that went through the flow of the demo brands over the
// last 12 months, so the console's analytics have something to show. Each is made as the flow makes one: answers checked
// against the brand's question set, the building computed by the engine, its facts written by the API's code
// (analytics/insights.ts, many homes per statement); the analytics triggers fill the summary from those rows. Nothing
// is written to the analytics tables directly.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityType } from '@home-energy/shared/schemas/energy';
import type { LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { PlanLoan } from '@home-energy/shared/schemas/plan';
import type { Db } from '../db/client';
import { buildingProfiles, homeownerProperties, homeowners, installerRequests, interactions, organisations, properties } from '../db/schema';
import type { GeoTables } from '../energy/geo-data';
import { computePlan, PlanError } from '../energy/activities/plan';
import { contextFor } from '../energy/activities/runner';
import type { PersonalNumberVault } from '../bankid/personal-number';
import { computeBuilding, registerAnswers, type BuildingResult } from '../modules/building/service';
import type { PropertyRow, StoredPlan } from '../modules/building/repository';
import { questionSet } from '../modules/questions/repository';
import { applyAnswers, validateAnswers } from '../modules/questions/validate-answers';
import { organisationRates } from '../modules/configuration/repository';
import { offeredInstallers } from '../modules/installer-requests/repository';
import { isRecommended, profileFacts, saveManyProfileInsights } from '../modules/analytics/insights';
import { mulberry32, normal, pick, randInt, weighted, type Rng } from '../register/prng';
import { SMALL_HOUSE_TYPES } from '../register/types';
import { demoHomeownerRow, demoPerson, type DemoPerson } from './demo-people';
import { demoDataLeft } from './demo-removal';

export const DEMO_JOURNEY_COUNT = 1_500;
const DEMO_JOURNEY_SEED = 20_261_126;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
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
}

interface Journey {
  property: PropertyRow;
  organisationId: number;
  owner: { kind: 'visitor'; visitorId: string } | { kind: 'homeowner'; person: DemoPerson; signedInAt: Date; returnsAt: Date | null; sharesContact: boolean };
  answers: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  result: BuildingResult;
  plan: StoredPlan | null;
  requests: DemoRequest[];
  loanChange: PlanLoan['type'] | null;
}

interface DemoRequest {
  installer: { identifier: string; name: string };
  key: ActivityType;
  createdAt: Date;
  status: LeadStatus;
  contactedAt: Date | null;
  quotedAt: Date | null;
  statusChangedAt: Date | null;
}

/**
 * A day of the last 365, more of them recent (the product grows) and in the heating season (people think about
 * energy when the bills come): the time charts show a trend rather than noise.
 */
function journeyTime(rng: Rng, now: number): Date {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (;;) {
    const daysAgo = Math.floor(rng() * 365);
    const at = new Date(today - daysAgo * DAY_MS);
    const growth = 0.35 + 0.65 * (1 - daysAgo / 365);
    const season = 1 + 0.3 * Math.cos((2 * Math.PI * (at.getUTCMonth() - 0.5)) / 12);
    if (rng() * 1.3 > growth * season) continue;
    const time = today - daysAgo * DAY_MS + randInt(rng, 6 * 60, 21 * 60 + 59) * MINUTE_MS;
    return new Date(Math.min(time, now - 60 * MINUTE_MS));
  }
}

/** What the homeowner answers: mostly the register's facts confirmed, some corrected, some extras the register lacks. */
function journeyAnswers(rng: Rng, property: PropertyRow, year: number): Record<string, unknown> {
  const answers: Record<string, unknown> = { ...registerAnswers(property) };
  if (typeof answers.atemp === 'number' && rng() < 0.12) answers.atemp = Math.max(40, Math.round((answers.atemp as number) * (0.8 + 0.4 * rng())));
  const heating = Array.isArray(answers.primary_heating_systems) ? (answers.primary_heating_systems as string[]) : [];
  // Heat pumps installed since the register was made.
  if (['electric_direct', 'electric_waterborne', 'oil'].includes(heating[0] ?? '') && rng() < 0.25) {
    answers.primary_heating_systems = [pick(rng, ['heat_pump_air', 'heat_pump_airwater', 'heat_pump_geothermal'] as const), ...heating.slice(0, 1)];
  }
  const main = (answers.primary_heating_systems as string[] | undefined)?.[0] ?? '';
  const built = typeof answers.construction_year === 'number' ? answers.construction_year : 1970;
  if (main.startsWith('heat_pump') && rng() < 0.5) answers.heat_pump_installation_year = randInt(rng, Math.max(1995, built), year);
  if (rng() < 0.45) answers.occupants = weighted(rng, [[1, 0.15], [2, 0.35], [3, 0.18], [4, 0.22], [5, 0.08], [6, 0.02]] as const);
  if (rng() < 0.4) answers.ventilation = built < 1970 ? weighted(rng, [['natural', 0.8], ['exhaust', 0.2]] as const) : weighted(rng, [['natural', 0.2], ['exhaust', 0.55], ['balanced_heat_recovery', 0.25]] as const);
  if (rng() < 0.35) answers.window_type = built < 1960 ? weighted(rng, [['double', 0.6], ['triple', 0.25], ['single', 0.15]] as const) : weighted(rng, [['double', 0.35], ['triple', 0.45], ['energy', 0.2]] as const);
  if (rng() < 0.25) answers.attic_insulation_mm = 50 * randInt(rng, 2, 10);
  if (rng() < 0.2) answers.indoor_temperature = Math.round(normal(rng, 21, 1) * 2) / 2;
  if (rng() < 0.08) answers.solar_panels_wp = 500 * randInt(rng, 6, 24);
  if (rng() < 0.1) answers.wallbox = true;
  return answers;
}

/** A plan of one to three of the home's recommended measures (the flow's "Add to plan"), as the API keeps it. */
function journeyPlan(rng: Rng, result: BuildingResult): StoredPlan | null {
  if (!result.basis) return null;
  const singles = result.recommendations.filter((a) => a.category !== 'package' && isRecommended(a)).map((a) => a.name as ActivityType);
  if (singles.length === 0) return null;
  const ctx = contextFor(result.basis.building, result.basis.prices);
  const loan: PlanLoan = { type: weighted(rng, [['Cash', 0.5], ['Private', 0.3], ['Mortgage', 0.2]] as const) };
  for (let size = Math.min(singles.length, randInt(rng, 1, 3)); size >= 1; size--) {
    try {
      return { measures: computePlan(result.basis.building, singles.slice(0, size), { ctx, loan }).measures, loan };
    } catch (error) {
      // Measures that replace one another (two heat pumps): a smaller plan.
      if (!(error instanceof PlanError)) throw error;
    }
  }
  return null;
}

/** An installer request's history: older requests got further, each step on a later day, none after `now`. */
function requestHistory(rng: Rng, sentAt: Date, now: number): Pick<DemoRequest, 'status' | 'contactedAt' | 'quotedAt' | 'statusChangedAt'> {
  const later = (from: Date, minDays: number, maxDays: number) => new Date(from.getTime() + randInt(rng, minDays * 24 * 60, maxDays * 24 * 60) * MINUTE_MS);
  const past = (at: Date) => at.getTime() < now;
  const open = { status: 'new' as LeadStatus, contactedAt: null, quotedAt: null, statusChangedAt: null };
  if (rng() < 0.1) {
    const declined = later(sentAt, 1, 5);
    return past(declined) ? { ...open, status: 'declined', statusChangedAt: declined } : open;
  }
  const contactedAt = later(sentAt, 1, 4);
  if (rng() < 0.12 || !past(contactedAt)) return open;
  const contacted = { status: 'contacted' as LeadStatus, contactedAt, quotedAt: null, statusChangedAt: contactedAt };
  const next = rng();
  if (next < 0.12) {
    const lostAt = later(contactedAt, 3, 20);
    return past(lostAt) ? { ...contacted, status: 'lost', statusChangedAt: lostAt } : contacted;
  }
  const quotedAt = later(contactedAt, 3, 14);
  if (next < 0.3 || !past(quotedAt)) return contacted;
  const quoted = { status: 'quoted' as LeadStatus, contactedAt, quotedAt, statusChangedAt: quotedAt };
  const outcome = weighted(rng, [['won', 0.45], ['lost', 0.3], ['quoted', 0.25]] as const);
  const decidedAt = later(quotedAt, 5, 30);
  if (outcome === 'quoted' || !past(decidedAt)) return quoted;
  return { ...quoted, status: outcome, statusChangedAt: decidedAt };
}

/** A visitor id per journey, the same on every run. */
const visitorIdOf = (index: number) => {
  const hex = crypto.createHash('md5').update(`demo-journey:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

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
  const now = options.now ?? Date.now();
  const year = new Date(now).getUTCFullYear();
  const rng = mulberry32(DEMO_JOURNEY_SEED);

  const brands = await db.select({ id: organisations.id, slug: organisations.slug }).from(organisations).where(inArray(organisations.slug, BRAND_SHARES.map(([slug]) => slug)));
  const brandOf = new Map(brands.map((b) => [b.slug, b.id]));
  const shares = BRAND_SHARES.filter(([slug]) => brandOf.has(slug));
  const homes = await db.select().from(properties).where(and(eq(properties.demo, true), inArray(sql`${properties.building}->>'building_type'`, [...SMALL_HOUSE_TYPES]))).orderBy(asc(properties.id));
  if (shares.length === 0 || homes.length === 0) throw new Error('The demo journeys need the demo organisations and register: run `seed` first.');
  const installerOrgs = new Map((await db.select({ id: organisations.id, slug: organisations.slug }).from(organisations).where(eq(organisations.isInstaller, true))).map((o) => [o.slug, o.id]));
  const brandData = new Map<number, { definitions: Awaited<ReturnType<typeof questionSet>>; rates: Awaited<ReturnType<typeof organisationRates>>; installers: Awaited<ReturnType<typeof offeredInstallers>> }>();
  for (const id of brandOf.values()) brandData.set(id, { definitions: await questionSet(db, id), rates: await organisationRates(db, id), installers: await offeredInstallers(db, id) });

  // A home comes through the flow once: a shuffled pick of the register's houses.
  const order = homes.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const journeys: Journey[] = [];
  let people = 0;
  for (const index of order.slice(0, Math.min(options.count ?? DEMO_JOURNEY_COUNT, homes.length))) {
    const property = homes[index]!;
    const organisationId = brandOf.get(weighted(rng, shares))!;
    const brand = brandData.get(organisationId)!;
    const createdAt = journeyTime(rng, now);
    const updatedAt = new Date(Math.min(createdAt.getTime() + randInt(rng, 3, 25) * MINUTE_MS, now));
    const answers = journeyAnswers(rng, property, year);
    validateAnswers(answers as Parameters<typeof validateAnswers>[0], brand.definitions, year);
    const stored = applyAnswers({}, answers as Parameters<typeof applyAnswers>[1]);
    const result = computeBuilding({ property, answers: stored, rates: null, consumption: null, documents: [], geo: options.geo, year, organisationRates: brand.rates });
    const signedIn = rng() < 0.35;
    const owner: Journey['owner'] = signedIn
      ? (() => {
          const returns = rng() < 0.45 ? new Date(updatedAt.getTime() + randInt(rng, 1, 120) * DAY_MS + randInt(rng, 0, 600) * MINUTE_MS) : null;
          return { kind: 'homeowner', person: demoPerson(rng, ++people), signedInAt: updatedAt, returnsAt: returns && returns.getTime() < now ? returns : null, sharesContact: rng() < 0.7 };
        })()
      : { kind: 'visitor', visitorId: visitorIdOf(journeys.length) };
    const plan = rng() < (signedIn ? 0.4 : 0.1) ? journeyPlan(rng, result) : null;
    const requests: DemoRequest[] = [];
    if (owner.kind === 'homeowner' && owner.sharesContact && brand.installers.length > 0 && rng() < 0.45) {
      const wanted = result.recommendations.filter((a) => isRecommended(a) && a.needs_installer && a.category !== 'package').slice(0, randInt(rng, 1, 2));
      for (const activity of wanted) {
        const local = brand.installers.find((i) => installerOrgs.has(i.identifier));
        const installer = local && rng() < 0.55 ? local : pick(rng, brand.installers);
        const sentAt = new Date(Math.min(updatedAt.getTime() + randInt(rng, 5, 3 * 24 * 60) * MINUTE_MS, now - MINUTE_MS));
        requests.push({ installer, key: activity.name as ActivityType, createdAt: sentAt, ...requestHistory(rng, sentAt, now) });
      }
    }
    const loanChange = result.basis && rng() < 0.25 ? weighted(rng, [['Private', 0.5], ['Mortgage', 0.35], ['Cash', 0.15]] as const) : null;
    journeys.push({ property, organisationId, owner, answers: stored, createdAt, updatedAt, result, plan, requests, loanChange });
  }

  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const homeownerIdOf = new Map<string, number>();
    const signedIn = journeys.flatMap((j) => (j.owner.kind === 'homeowner' ? [{ journey: j, owner: j.owner }] : []));
    await chunked(signedIn, async (chunk) => {
      const rows = chunk.map(({ owner }) => ({
        ...demoHomeownerRow(options.vault, owner.person),
        contactEmail: owner.sharesContact ? owner.person.contact.email : null,
        contactMobile: owner.sharesContact ? owner.person.contact.mobile : null,
        createdAt: owner.signedInAt,
        lastSignInAt: owner.signedInAt,
      }));
      const ids = await t.insert(homeowners).values(rows).returning({ id: homeowners.id, hash: homeowners.personalNumberHash });
      for (const row of ids) homeownerIdOf.set(row.hash, row.id);
    });
    const homeownerOf = (owner: Extract<Journey['owner'], { kind: 'homeowner' }>) => homeownerIdOf.get(options.vault.hash(owner.person.personalNumber))!;

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
    await chunked(journeys, (chunk) => saveManyProfileInsights(t, chunk.map((j) => ({ profileId: profileIdOf.get(j.property.id)!, facts: profileFacts(j.result, j.answers) }))));
    await chunked(signedIn, (chunk) =>
      t.insert(homeownerProperties).values(chunk.map(({ journey, owner }) => ({ homeownerId: homeownerOf(owner), propertyId: journey.property.id, relation: 'flow_added', createdAt: journey.createdAt }))),
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
        contactEmail: owner.person.contact.email,
        contactMobile: owner.person.contact.mobile,
        status: r.status,
        contactedAt: r.contactedAt,
        quotedAt: r.quotedAt,
        statusChangedAt: r.statusChangedAt,
        createdAt: r.createdAt,
      })),
    );
    await chunked(requests, (chunk) => t.insert(installerRequests).values(chunk));

    // What the pages log (POST /api/flow/interaction): the address search, a loan type changed, the contact form sent.
    const actor = (j: Journey) => (j.owner.kind === 'homeowner' ? { homeownerId: homeownerOf(j.owner) } : { visitorId: j.owner.visitorId });
    const logged = journeys.flatMap((j) => [
      { action: 'property_search.start', object: 'address_search', propertyId: j.property.id, organisationId: j.organisationId, createdAt: new Date(j.createdAt.getTime() - 2 * MINUTE_MS), ...actor(j) },
      ...(j.loanChange ? [{ action: 'loan_type.change', object: j.loanChange, propertyId: j.property.id, organisationId: j.organisationId, createdAt: j.updatedAt, ...actor(j) }] : []),
      ...(j.owner.kind === 'homeowner' && j.owner.sharesContact
        ? [{ action: 'contact.submit', object: 'contact_form', propertyId: null, organisationId: j.organisationId, createdAt: new Date(j.updatedAt.getTime() + MINUTE_MS), ...actor(j) }]
        : []),
    ]);
    await chunked(logged, (chunk) => t.insert(interactions).values(chunk));

    // Homeowners who came back later: a sign-in, which the analytics count as activity that day.
    const returns = signedIn.filter(({ owner }) => owner.returnsAt !== null);
    await chunked(returns, async (chunk) => {
      const values = sql.join(chunk.map(({ owner }) => sql`(${homeownerOf(owner)}::int, ${owner.returnsAt!.toISOString()}::timestamptz)`), sql`, `);
      await t.execute(sql`update homeowners h set last_sign_in_at = v.at from (values ${values}) as v(id, at) where h.id = v.id`);
    });

    return {
      journeys: journeys.length,
      homeowners: signedIn.length,
      plans: journeys.filter((j) => j.plan).length,
      installerRequests: requests.length,
      interactions: logged.length,
    };
  });
}
