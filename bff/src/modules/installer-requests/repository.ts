import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { installerSchema } from '@home-energy/shared/schemas/admin';
import { installersOf } from '../admin/organisations/repository';
import type { InstallerRequest, OfferedInstaller } from '@home-energy/shared/schemas/property-flow';
import {
  LEAD_STATUSES,
  WITHDRAWABLE_STATUSES,
  type Lead,
  type LeadList,
  type LeadListQuery,
  type LeadStatus,
} from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { HttpError } from '../../http/errors';
import { homeowners, installerRequests, organisations, properties } from '../../db/schema';
import { recordShares, withdrawConsentsOf, type Share } from '../privacy/consents';

/**
 * The installers the organisation offers its homeowners (none without an organisation). One stored before the URL
 * rule (shared/src/schemas/url.ts) with a link or logo it refuses is left out, never served.
 */
export async function offeredInstallers(db: Db, organisationId: number | null): Promise<OfferedInstaller[]> {
  if (organisationId === null) return [];
  const installers = (await installersOf(db, organisationId)).filter(
    (installer) => installerSchema.safeParse(installer).success,
  );
  if (installers.length === 0) return [];
  // Each installer is offered for the measures its installer organisation does (the one whose slug is the identifier).
  const said = await db
    .select({ slug: organisations.slug, measures: organisations.installerMeasures })
    .from(organisations)
    .where(
      and(
        eq(organisations.isInstaller, true),
        inArray(
          organisations.slug,
          installers.map((i) => i.identifier.toLowerCase()),
        ),
      ),
    );
  const measuresOf = new Map(said.map((r) => [r.slug, r.measures]));
  return installers.map((i) => ({ ...i, measures: measuresOf.get(i.identifier.toLowerCase()) ?? null }));
}

/** The homeowner's requests for a home, oldest first; the ones they withdrew are no longer theirs to see. */
export async function homeownerRequests(db: Db, homeownerId: number, propertyId: number): Promise<InstallerRequest[]> {
  const rows = await db
    .select()
    .from(installerRequests)
    .where(
      and(
        eq(installerRequests.homeownerId, homeownerId),
        eq(installerRequests.propertyId, propertyId),
        ne(installerRequests.status, 'withdrawn'),
      ),
    )
    .orderBy(asc(installerRequests.createdAt), asc(installerRequests.id));
  return rows.map((r) => ({
    installer: r.installerIdentifier,
    installer_name: r.installerName,
    key: r.activityKey,
    requested_at: r.createdAt.toISOString(),
    status: r.status as LeadStatus,
    status_changed_at: r.statusChangedAt?.toISOString() ?? null,
  }));
}

/** How many requests a homeowner may send (or send again after a day) in 24 hours, across all their homes. */
export const INSTALLER_REQUESTS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

function tooManyRequests(): HttpError {
  return new HttpError(
    429,
    'too_many_requests',
    `You have sent ${INSTALLER_REQUESTS_PER_DAY} installer requests in the last 24 hours, the most we send in a day. ` +
      'Try again tomorrow.',
  );
}

/**
 * Sends the selected requests and withdraws the unselected ones, in one transaction; the ids of the requests to mail
 * (docs/using-the-demo.md "Installer leads"):
 * - a new request is sent (and mailed);
 * - withdrawing marks an open request (new, contacted, quoted) `withdrawn` and removes the contact details from it;
 *   a won, lost or declined one stays as the installer left it;
 * - selecting a withdrawn request again reopens it at the status it had, with the contact details; it is mailed
 *   again only when it was last sent over a day ago;
 * - the requests sent in the last 24 hours, these included, are at most INSTALLER_REQUESTS_PER_DAY, else 429 and
 *   nothing changes;
 * - every share of the contact details (a new or reopened request) is recorded as a consent under `noticeVersion`,
 *   and a withdrawal withdraws the request's consents (modules/privacy/consents.ts).
 */
export async function applySelections(
  db: Db,
  target: { homeownerId: number; propertyId: number; organisationId: number | null },
  selections: { installer: OfferedInstaller; key: string; selected: boolean }[],
  contact: { email: string | null; mobile: string },
  now: number,
  noticeVersion: string,
): Promise<number[]> {
  const at = new Date(now);
  const dayAgo = new Date(now - DAY_MS);
  return db.transaction(async (tx) => {
    // One homeowner's requests are applied one call at a time: parallel calls cannot each pass the daily limit.
    await tx.execute(sql`select id from ${homeowners} where ${homeowners.id} = ${target.homeownerId} for update`);
    const [{ sent } = { sent: 0 }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(installerRequests)
      .where(and(eq(installerRequests.homeownerId, target.homeownerId), gt(installerRequests.sentAt, dayAgo)));
    let budget = INSTALLER_REQUESTS_PER_DAY - sent;
    const send = () => {
      if (--budget < 0) throw tooManyRequests();
    };
    const mailed: number[] = [];
    const shares: Share[] = [];
    const shared: Share['shared'] = contact.email ? ['name', 'email', 'mobile'] : ['name', 'mobile'];
    for (const { installer, key, selected } of selections) {
      const where = and(
        eq(installerRequests.homeownerId, target.homeownerId),
        eq(installerRequests.propertyId, target.propertyId),
        eq(installerRequests.installerIdentifier, installer.identifier),
        eq(installerRequests.activityKey, key),
      );
      const [existing] = await tx.select().from(installerRequests).where(where);
      const status = existing?.status as LeadStatus | undefined;
      if (!selected) {
        if (existing && status && WITHDRAWABLE_STATUSES.includes(status)) {
          await tx
            .update(installerRequests)
            .set({
              status: 'withdrawn',
              withdrawnFrom: status,
              withdrawnAt: at,
              contactEmail: null,
              contactMobile: null,
              personalDataRemovedAt: at,
            })
            .where(eq(installerRequests.id, existing.id));
          await withdrawConsentsOf(tx, [existing.id], at);
        }
        continue;
      }
      if (existing) {
        if (status !== 'withdrawn') continue;
        const again = existing.sentAt <= dayAgo;
        if (again) send();
        await tx
          .update(installerRequests)
          .set({
            status: existing.withdrawnFrom ?? 'new',
            withdrawnFrom: null,
            withdrawnAt: null,
            contactEmail: contact.email,
            contactMobile: contact.mobile,
            personalDataRemovedAt: null,
            ...(again ? { sentAt: at } : {}),
          })
          .where(eq(installerRequests.id, existing.id));
        if (again) mailed.push(existing.id);
        shares.push({
          installerRequestId: existing.id,
          organisationId: existing.installerOrganisationId,
          recipient: installer.name,
          key,
          shared,
        });
        continue;
      }
      send();
      const inserted = await tx
        .insert(installerRequests)
        .values({
          ...target,
          installerIdentifier: installer.identifier,
          installerName: installer.name,
          activityKey: key,
          // The installer organisation whose slug is the identifier (docs/using-the-demo.md "Organisation console"), if
          // there is one.
          installerOrganisationId: sql`(select ${organisations.id} from ${organisations}
            where ${organisations.isInstaller} and ${organisations.slug} = lower(${installer.identifier}))`,
          contactEmail: contact.email,
          contactMobile: contact.mobile,
          sentAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: installerRequests.id, installerOrganisationId: installerRequests.installerOrganisationId });
      mailed.push(...inserted.map((r) => r.id));
      shares.push(
        ...inserted.map((r) => ({
          installerRequestId: r.id,
          organisationId: r.installerOrganisationId,
          recipient: installer.name,
          key,
          shared,
        })),
      );
    }
    await recordShares(tx, target.homeownerId, shares, noticeVersion, at);
    return mailed;
  });
}

function leadView(row: {
  request: typeof installerRequests.$inferSelect;
  street: string;
  postalCode: string;
  postalCity: string;
  name: string | null;
}): Lead {
  const r = row.request;
  return {
    id: r.id,
    property: { street: row.street, postal_code: row.postalCode, postal_city: row.postalCity },
    key: r.activityKey,
    // Once the homeowner withdrew (or the retention period ended) the installer sees none of their personal data.
    homeowner:
      r.personalDataRemovedAt === null
        ? { name: row.name, email: r.contactEmail, mobile: r.contactMobile }
        : { name: null, email: null, mobile: null },
    requested_at: r.createdAt.toISOString(),
    status: r.status as LeadStatus,
    note: r.note,
    status_changed_at: r.statusChangedAt?.toISOString() ?? null,
    withdrawn_at: r.withdrawnAt?.toISOString() ?? null,
    personal_data_removed_at: r.personalDataRemovedAt?.toISOString() ?? null,
  };
}

const leadColumns = {
  request: installerRequests,
  street: properties.street,
  postalCode: properties.postalCode,
  postalCity: properties.postalCity,
  name: homeowners.name,
};

// Å, Ä, Ö, É and Ü folded here too: a database made with the C locale folds only ASCII letters in ILIKE.
const FOLD_FROM = 'ÅÄÖÉÜ';
const FOLD_TO = 'åäöéü';
const folded = (column: SQL) => sql`translate(${column}, ${FOLD_FROM}, ${FOLD_TO})`;

/**
 * One page of the requests addressed to an installer organisation (docs/api.md "Installer requests"): filtered by
 * status, measure and a search of the address or the homeowner's name, newest or oldest first; with the total and
 * the count per status for the measure and search (one grouped count gives both).
 */
export async function leadPage(db: Db, installerOrganisationId: number, query: LeadListQuery): Promise<LeadList> {
  const conditions: SQL[] = [eq(installerRequests.installerOrganisationId, installerOrganisationId)];
  if (query.measure) conditions.push(eq(installerRequests.activityKey, query.measure));
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q.toLowerCase());
    const address = sql`${properties.street} || ', ' || ${properties.postalCode} || ' ' || ${properties.postalCity}`;
    // The address as the page shows it too, its postcode written "424 21" (shared/src/format/postcode.ts).
    const shown = sql`${properties.street} || ', ' || substr(${properties.postalCode}, 1, 3) || ' ' ||
      substr(${properties.postalCode}, 4) || ' ' || ${properties.postalCity}`;
    conditions.push(
      or(
        sql`${folded(address)} ilike ${pattern}`,
        sql`${folded(shown)} ilike ${pattern}`,
        and(isNull(installerRequests.personalDataRemovedAt), sql`${folded(sql`${homeowners.name}`)} ilike ${pattern}`)!,
      )!,
    );
  }
  const grouped = await db
    .select({ status: installerRequests.status, n: sql<number>`count(*)::int` })
    .from(installerRequests)
    .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
    .leftJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
    .where(and(...conditions))
    .groupBy(installerRequests.status);
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of grouped) if (row.status in counts) counts[row.status as LeadStatus] = row.n;
  const total = query.status ? counts[query.status] : grouped.reduce((sum, row) => sum + row.n, 0);
  if (query.status) conditions.push(eq(installerRequests.status, query.status));
  const order = query.sort === 'oldest' ? asc : desc;
  const offset = (query.page - 1) * query.size;
  const rows =
    offset >= total
      ? []
      : await db
          .select(leadColumns)
          .from(installerRequests)
          .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
          .leftJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
          .where(and(...conditions))
          .orderBy(order(installerRequests.createdAt), order(installerRequests.id))
          .limit(query.size)
          .offset(offset);
  return { requests: rows.map(leadView), total, page: query.page, size: query.size, counts };
}

/** One request, only when addressed to this installer organisation. */
export async function findLead(db: Db, installerOrganisationId: number, id: number): Promise<Lead | undefined> {
  const [row] = await db
    .select(leadColumns)
    .from(installerRequests)
    .innerJoin(properties, eq(properties.id, installerRequests.propertyId))
    .leftJoin(homeowners, eq(homeowners.id, installerRequests.homeownerId))
    .where(and(eq(installerRequests.installerOrganisationId, installerOrganisationId), eq(installerRequests.id, id)));
  return row ? leadView(row) : undefined;
}

/**
 * Moves a request from `from` to `to` (only if it is still at `from`: two staff at once cannot both move it), noting
 * the first time it reached contacted and quoted for the brand's funnel. False when it had moved meanwhile.
 */
export async function moveLead(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  id: number,
  from: LeadStatus,
  to: LeadStatus,
  note: string | null | undefined,
): Promise<boolean> {
  const moved = await db
    .update(installerRequests)
    .set({
      status: to,
      statusChangedAt: sql`now()`,
      ...(note !== undefined ? { note } : {}),
      ...(to === 'contacted' ? { contactedAt: sql`coalesce(${installerRequests.contactedAt}, now())` } : {}),
      ...(to === 'quoted' ? { quotedAt: sql`coalesce(${installerRequests.quotedAt}, now())` } : {}),
    })
    .where(and(eq(installerRequests.id, id), eq(installerRequests.status, from)))
    .returning({ id: installerRequests.id });
  return moved.length > 0;
}

/** Changes only the note of a request (a withdrawn one: its status and times stay). */
export async function noteLead(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  id: number,
  note: string | null,
): Promise<void> {
  await db.update(installerRequests).set({ note }).where(eq(installerRequests.id, id));
}

/**
 * The homeowners whose personal data these leads show (none once removed, or once the account was erased): who the
 * access log records.
 */
export async function homeownersShownOn(db: Db, leadIds: number[]): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: installerRequests.homeownerId })
    .from(installerRequests)
    .where(
      and(
        inArray(installerRequests.id, leadIds),
        isNull(installerRequests.personalDataRemovedAt),
        isNotNull(installerRequests.homeownerId),
      ),
    );
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
