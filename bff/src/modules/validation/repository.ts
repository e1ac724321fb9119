import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { QueueDocument, ValidationItem } from '@home-energy/shared/schemas/validation-queue';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../audit/repository';
import { answerReviews, buildingProfiles, epcDocuments, profileInsights, properties } from '../../db/schema';
import { registerAnswers } from '../building/service';
import { plausibilityIssues } from './rules';
import { documentFileName } from '../building/document-file';

/**
 * The organisation's open items: homes whose answers fail a rule and were not reviewed for these answers, and homes
 * with an uploaded document still pending. Oldest first.
 */
function openItems(organisationId: number) {
  return sql`
    select profile_id, min(since) as since from (
      select pi.profile_id, pi.computed_at as since
      from profile_insights pi left join answer_reviews ar on ar.profile_id = pi.profile_id
      where pi.organisation_id = ${organisationId} and cardinality(pi.issues) > 0 and (ar.profile_id is null
      or ar.answers_hash <> pi.answers_hash)
      union all
      select d.profile_id, d.created_at
      from epc_documents d join building_profiles bp on bp.id = d.profile_id
      where bp.organisation_id = ${organisationId} and d.status = 'pending'
    ) open group by profile_id`;
}

export async function openValidationCount(db: Db, organisationId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${openItems(organisationId)}) items`,
  );
  return result.rows[0]?.n ?? 0;
}

function documentView(d: typeof epcDocuments.$inferSelect): QueueDocument {
  return {
    id: d.id,
    file_name: documentFileName(d.id, d.contentType),
    content_type: d.contentType,
    size_bytes: d.sizeBytes,
    energy_class: d.energyClass,
    ep: d.ep,
    issued_at: d.issuedAt,
    status: d.status,
    uploaded_at: d.createdAt.toISOString(),
  };
}

export async function validationQueue(db: Db, organisationId: number, limit: number): Promise<ValidationItem[]> {
  const open = await db.execute<{ profile_id: number }>(
    sql`select profile_id from (${openItems(organisationId)}) items order by since, profile_id limit ${limit}`,
  );
  const ids = open.rows.map((r) => Number(r.profile_id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ profile: buildingProfiles, property: properties, insights: profileInsights, review: answerReviews })
    .from(buildingProfiles)
    .innerJoin(properties, eq(properties.id, buildingProfiles.propertyId))
    .leftJoin(profileInsights, eq(profileInsights.profileId, buildingProfiles.id))
    .leftJoin(answerReviews, eq(answerReviews.profileId, buildingProfiles.id))
    .where(inArray(buildingProfiles.id, ids));
  const documents = await db
    .select()
    .from(epcDocuments)
    .where(and(inArray(epcDocuments.profileId, ids), eq(epcDocuments.status, 'pending')))
    .orderBy(asc(epcDocuments.createdAt));
  const byId = new Map(rows.map((r) => [r.profile.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const reviewed = row.review && row.insights && row.review.answersHash === row.insights.answersHash;
    const answers = { ...registerAnswers(row.property), ...(row.profile.answers as Record<string, unknown>) };
    const issued = row.property.issuedEpc as { class?: string; issued_at?: string | null; source?: string } | null;
    const item: ValidationItem = {
      profile_id: id,
      property: { id: row.property.id, name: row.property.name },
      owner: row.profile.homeownerId !== null ? 'homeowner' : 'visitor',
      calculated_class: row.profile.calculatedClass,
      issued_epc: issued?.class
        ? { class: issued.class, issued_at: issued.issued_at ?? null, source: issued.source ?? 'register' }
        : null,
      issues: reviewed ? [] : plausibilityIssues(answers),
      documents: documents.filter((d) => d.profileId === id).map(documentView),
      updated_at: row.profile.updatedAt.toISOString(),
    };
    return [item];
  });
}

/** A document of a profile of this organisation (others: undefined, so the API answers 404). */
export async function findOrganisationDocument(db: Db, organisationId: number, documentId: string) {
  const [row] = await db
    .select({ document: epcDocuments, organisationId: buildingProfiles.organisationId })
    .from(epcDocuments)
    .innerJoin(buildingProfiles, eq(buildingProfiles.id, epcDocuments.profileId))
    .where(and(eq(epcDocuments.id, documentId), eq(buildingProfiles.organisationId, organisationId)));
  return row?.document;
}

export async function findOrganisationProfile(db: Db, organisationId: number, profileId: number) {
  const [row] = await db
    .select({ profile: buildingProfiles, insights: profileInsights })
    .from(buildingProfiles)
    .leftJoin(profileInsights, eq(profileInsights.profileId, buildingProfiles.id))
    .where(and(eq(buildingProfiles.id, profileId), eq(buildingProfiles.organisationId, organisationId)));
  return row;
}

/** Records the review (the audit row) in the review's own transaction. */
type Recorded = (tx: DbOrTx) => Promise<void>;

export type IssuedEpc = { class: string | null; issued_at: string | null; ep: number | null; source: 'document' };

/**
 * Marks a pending document reviewed by `reviewerId`; approving also makes `issued` the property's issued label.
 * Only a pending document moves, so two staff reviewing at once cannot both succeed: false for the second.
 */
export function reviewDocument(
  db: Db,
  review: { documentId: string; reviewerId: number } & (
    { status: 'approved'; propertyId: number; issued: IssuedEpc } | { status: 'rejected' }
  ),
  recorded: Recorded,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(epcDocuments)
      .set({ status: review.status, reviewedBy: review.reviewerId, reviewedAt: sql`now()` })
      .where(and(eq(epcDocuments.id, review.documentId), eq(epcDocuments.status, 'pending')))
      .returning({ id: epcDocuments.id });
    if (moved.length === 0) return false;
    if (review.status === 'approved')
      await tx.update(properties).set({ issuedEpc: review.issued }).where(eq(properties.id, review.propertyId));
    await recorded(tx);
    return true;
  });
}

/** Staff's verdict on a profile's answers as they are now (`answersHash`): one per profile, the latest kept. */
export async function saveAnswersReview(
  db: Db,
  profileId: number,
  review: Omit<typeof answerReviews.$inferInsert, 'profileId'>,
  recorded: Recorded,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(answerReviews)
      .values({ profileId, ...review })
      .onConflictDoUpdate({ target: answerReviews.profileId, set: review });
    await recorded(tx);
  });
}
