import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ObjectStore } from '../../storage/object-store';
import type { Consumption, EpcDocumentSummary, Rates } from '@home-energy/shared/schemas/property-flow';
import type { PlanLoan, PlanRequest, PlanResult } from '@home-energy/shared/schemas/plan';
import type { Db } from '../../db/client';
import { outputsOnly } from '../../db/tracked-db';
import { planFiguresOf, type PlanFigures } from '../analytics/plans';
import { buildingProfiles, epcDocuments, homeownerProperties, properties } from '../../db/schema';
import type { Owner } from './owner';
import { documentFileName } from './document-file';
import { RELISTED } from '../homeowner/removed-homes';

export type PropertyRow = typeof properties.$inferSelect;
export type ProfileRow = typeof buildingProfiles.$inferSelect;

/**
 * What the engine needs from a profile; `id` null when a homeowner reads a property of their profile not yet answered.
 */
export interface ProfileState {
  id: number | null;
  organisationId: number | null;
  answers: Record<string, unknown>;
  rates: Rates | null;
  consumption: Consumption | null;
  /** The renovation plan the owner keeps (measure types and loan), recomputed on every read. */
  plan: StoredPlan | null;
}

/** `figures`: what the console's analytics count of the plan, as computed when it was saved (analytics/plans.ts). */
export type StoredPlan = Pick<PlanRequest, 'measures'> & { loan: PlanLoan; figures?: PlanFigures };

/** A plan as a profile keeps it: its measures, the loan and the figures the console counts, filed on the day saved. */
export function storedPlanOf(plan: PlanResult, loan: PlanLoan, savedAt: number): StoredPlan {
  return { measures: plan.measures, loan, figures: planFiguresOf(plan, savedAt) };
}

function ownerIs(owner: Owner) {
  return owner.kind === 'homeowner'
    ? eq(buildingProfiles.homeownerId, owner.homeownerId)
    : eq(buildingProfiles.visitorId, owner.visitorId);
}

function notRemoved(homeownerId: number, propertyId: number) {
  // Plain names: the relational query aliases its own table, and this subquery must not pick that alias up.
  return sql`not exists (select 1 from homeowner_properties hp where hp.homeowner_id = ${homeownerId}
    and hp.property_id = ${propertyId} and hp.removed_at is not null)`;
}

function stateOf(row: ProfileRow): ProfileState {
  return {
    id: row.id,
    organisationId: row.organisationId,
    answers: (row.answers ?? {}) as Record<string, unknown>,
    rates: (row.rates ?? null) as Rates | null,
    consumption: (row.consumption ?? null) as Consumption | null,
    plan: (row.plan ?? null) as StoredPlan | null,
  };
}

export function findProperty(db: Db, id: number): Promise<PropertyRow | undefined> {
  return db.query.properties.findFirst({ where: eq(properties.id, id) });
}

/**
 * The caller's profile of the property, or null when they have none: nobody reads another owner's answers. A homeowner
 * who has the property in their profile list (e.g. added by the mini-flow) but has not answered yet gets an empty one.
 */
export async function readProfile(db: Db, owner: Owner | null, propertyId: number): Promise<ProfileState | null> {
  if (!owner) return null;
  // A home the owner removed from "My homes" is out of reach until Undo brings it back (homeowner/removed-homes.ts).
  const listed = owner.kind === 'homeowner' ? notRemoved(owner.homeownerId, propertyId) : undefined;
  const row = await db.query.buildingProfiles.findFirst({
    where: and(eq(buildingProfiles.propertyId, propertyId), ownerIs(owner), listed),
  });
  if (row) return stateOf(row);
  if (owner.kind === 'homeowner') {
    const listed = await db.query.homeownerProperties.findFirst({
      where: and(
        eq(homeownerProperties.homeownerId, owner.homeownerId),
        eq(homeownerProperties.propertyId, propertyId),
        isNull(homeownerProperties.removedAt),
      ),
    });
    if (listed) return { id: null, organisationId: null, answers: {}, rates: null, consumption: null, plan: null };
  }
  return null;
}

/**
 * Runs `change` on the caller's profile inside one transaction (row locked), creating the profile first when needed.
 * A homeowner's property joins their profile list ('flow_added') the first time they answer for it.
 */
export async function updateProfile(
  db: Db,
  owner: Owner,
  propertyId: number,
  organisationId: number | null,
  change: (current: ProfileState) => Partial<Pick<ProfileState, 'answers' | 'rates' | 'consumption' | 'plan'>>,
): Promise<ProfileState> {
  return db.transaction(async (tx) => {
    await tx
      .insert(buildingProfiles)
      .values({
        propertyId,
        organisationId,
        ...(owner.kind === 'homeowner' ? { homeownerId: owner.homeownerId } : { visitorId: owner.visitorId }),
      })
      .onConflictDoNothing();
    if (owner.kind === 'homeowner') {
      await tx
        .insert(homeownerProperties)
        .values({ homeownerId: owner.homeownerId, propertyId, relation: 'flow_added' })
        .onConflictDoUpdate(RELISTED);
    }
    const [row] = await tx
      .select()
      .from(buildingProfiles)
      .where(and(eq(buildingProfiles.propertyId, propertyId), ownerIs(owner)))
      .for('update');
    const patch = change(stateOf(row!));
    const [updated] = await tx
      .update(buildingProfiles)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(buildingProfiles.id, row!.id))
      .returning();
    return stateOf(updated!);
  });
}

/**
 * Keeps the latest labels on the profile so analytics can count them without running the engine. Unchanged labels
 * write nothing (computed_at is when they last changed): every read of the results computes them again.
 */
export async function saveComputedLabels(
  db: Db,
  profileId: number,
  labels: { calculatedClass: string | null; calculatedEp: number | null; measuredClass: string | null },
) {
  // Analytics reads these labels, no read cache does: db/tracked-db.ts.
  await outputsOnly(db)
    .update(buildingProfiles)
    .set({ ...labels, computedAt: sql`now()` })
    .where(
      and(
        eq(buildingProfiles.id, profileId),
        sql`(${buildingProfiles.computedAt} is null or ${buildingProfiles.calculatedClass} is distinct
          from ${labels.calculatedClass}
          or ${buildingProfiles.calculatedEp} is distinct from ${labels.calculatedEp}::real
          or ${buildingProfiles.measuredClass} is distinct from ${labels.measuredClass})`,
      ),
    );
}

/**
 * At BankID sign-in the visitor's profiles become the homeowner's: properties they had not answered for move over and
 * join their list; where the homeowner already has answers, theirs win and the visitor's copy is dropped.
 */
export async function claimVisitorProfiles(db: Db, visitorId: string, homeownerId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const moved = await tx.execute(sql`
      update building_profiles v set homeowner_id = ${homeownerId}, visitor_id = null, updated_at = now()
      where v.visitor_id = ${visitorId}
        and not exists (select 1 from building_profiles h where h.homeowner_id = ${homeownerId}
        and h.property_id = v.property_id)
      returning v.property_id`);
    for (const row of moved.rows as { property_id: number }[]) {
      await tx
        .insert(homeownerProperties)
        .values({ homeownerId, propertyId: row.property_id, relation: 'flow_added' })
        .onConflictDoNothing();
    }
    await tx.delete(buildingProfiles).where(eq(buildingProfiles.visitorId, visitorId));
    return moved.rows.length;
  });
}

/** An uploaded EPC document as the upload route hands it over, before it is stored. */
export interface NewEpcDocument {
  profileId: number;
  propertyId: number;
  fileName: string;
  contentType: string;
  content: Buffer;
  energyClass: string;
  ep: number | null;
  issuedAt: string | null;
}

/**
 * Stores an uploaded document (its bytes in the object store when there is one, else in the row); the client's
 * `fileName` is dropped, the row keeps the name it is served under.
 */
export async function insertEpcDocument(
  db: Db,
  row: NewEpcDocument,
  store: ObjectStore | null = null,
): Promise<EpcDocumentSummary> {
  const { fileName: _clientName, ...stored } = row;
  const id = crypto.randomUUID();
  if (store) await store.put(id, row.content, row.contentType);
  const [doc] = await db
    .insert(epcDocuments)
    .values({
      ...stored,
      content: store ? null : row.content,
      id,
      fileName: documentFileName(id, row.contentType),
      sizeBytes: row.content.length,
    })
    .returning({
      id: epcDocuments.id,
      status: epcDocuments.status,
      contentType: epcDocuments.contentType,
      energyClass: epcDocuments.energyClass,
      createdAt: epcDocuments.createdAt,
    });
  return {
    id: doc!.id,
    status: doc!.status,
    file_name: documentFileName(doc!.id, doc!.contentType),
    energy_class: doc!.energyClass,
    uploaded_at: doc!.createdAt.toISOString(),
  };
}

/** The profile's uploaded documents still waiting for validation, newest first. */
export async function profileDocuments(db: Db, profileId: number | null): Promise<EpcDocumentSummary[]> {
  if (profileId === null) return [];
  const rows = await db
    .select({
      id: epcDocuments.id,
      status: epcDocuments.status,
      contentType: epcDocuments.contentType,
      energyClass: epcDocuments.energyClass,
      createdAt: epcDocuments.createdAt,
    })
    .from(epcDocuments)
    .where(and(eq(epcDocuments.profileId, profileId), isNull(epcDocuments.reviewedAt)))
    .orderBy(desc(epcDocuments.createdAt))
    .limit(5);
  return rows.map((d) => ({
    id: d.id,
    status: d.status,
    file_name: documentFileName(d.id, d.contentType),
    energy_class: d.energyClass,
    uploaded_at: d.createdAt.toISOString(),
  }));
}

/** Whether a profile holds anything its owner saved: answers, prices or consumption. */
export function holdsSomething(profile: Pick<ProfileState, 'answers' | 'rates' | 'consumption'>): boolean {
  return Object.keys(profile.answers).length > 0 || profile.rates !== null || profile.consumption !== null;
}

export interface DocumentQuota {
  /** Documents pending validation per owner and property. */
  perProperty: number;
  /** Bytes one owner may upload per 24 hours. */
  bytesPerDay: number;
}

export interface DocumentUse {
  pending: number;
  bytesToday: number;
}

/**
 * What an owner has uploaded: pending documents on the property, and bytes in the last 24 hours on all their
 * properties.
 */
export async function documentUse(db: Pick<Db, 'execute'>, owner: Owner, propertyId: number): Promise<DocumentUse> {
  const ownerColumn =
    owner.kind === 'homeowner' ? sql`p.homeowner_id = ${owner.homeownerId}` : sql`p.visitor_id = ${owner.visitorId}`;
  const result = await db.execute<{ pending: number; bytes_today: string }>(sql`
    select count(*) filter (where p.property_id = ${propertyId} and d.reviewed_at is null)::int as pending,
           coalesce(sum(d.size_bytes) filter (where d.created_at > now() - interval '24 hours'),
           0)::bigint as bytes_today
    from epc_documents d join building_profiles p on p.id = d.profile_id
    where ${ownerColumn}`);
  const row = result.rows[0];
  return { pending: Number(row?.pending ?? 0), bytesToday: Number(row?.bytes_today ?? 0) };
}

/** Why an upload is over the quota (null when it fits). */
export function overQuota(use: DocumentUse, quota: DocumentQuota, adding: number): string | null {
  if (use.pending >= quota.perProperty)
    return (
      `This property already has ${use.pending} documents waiting for validation; ` +
      'wait until staff have looked at them.'
    );
  if (use.bytesToday + adding > quota.bytesPerDay)
    return `You can upload at most ${Math.round(quota.bytesPerDay / 1024 / 1024)} MB of documents per day.`;
  return null;
}

/**
 * Stores an upload unless it is over the owner's quota, counted and inserted under a lock per owner so concurrent
 * uploads (from several instances too) cannot pass the quota together. Returns the reason when it is over.
 */
export async function insertEpcDocumentWithinQuota(
  db: Db,
  owner: Owner,
  quota: DocumentQuota,
  row: NewEpcDocument,
  store: ObjectStore | null = null,
): Promise<{ document: EpcDocumentSummary } | { over: string }> {
  return db.transaction(async (tx) => {
    const ownerKey = owner.kind === 'homeowner' ? `h${owner.homeownerId}` : `v${owner.visitorId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`epc_documents:${ownerKey}`}))`);
    const over = overQuota(await documentUse(tx, owner, row.propertyId), quota, row.content.length);
    if (over) return { over };
    return { document: await insertEpcDocument(tx as unknown as Db, row, store) };
  });
}
