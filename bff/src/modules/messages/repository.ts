import { and, asc, eq, gte, ilike, isNotNull, isNull, like, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../audit/repository';
import { contentItems, organisations } from '../../db/schema';
import { containsPattern, startsWithPattern } from '../../db/like';
import { QUESTION_MESSAGE_PREFIX, type MessageGroup } from '@home-energy/shared/schemas/content';

export type MessageRow = typeof contentItems.$inferSelect;
export type MessageColumns = Omit<typeof contentItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type MessageOrganisation = { slug: string; name: string } | null;
/** Records the write (the audit row) in the write's own transaction. */
export type Recorded = (tx: DbOrTx, row: MessageRow) => Promise<void>;

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.query.contentItems.findFirst({ where: eq(contentItems.id, id) });
}

/** The organisation a message is kept for; null for a message to every brand. */
export async function messageOrganisation(db: Db, row: MessageRow): Promise<MessageOrganisation> {
  if (row.organisationId === null) return null;
  const found = await db.query.organisations.findFirst({
    where: eq(organisations.id, row.organisationId),
    columns: { slug: true, name: true },
  });
  return found ?? null;
}

/** The console's list: every message whose title, key or slug contains `q`, of one type if given; by key, then slug. */
export async function listMessages(db: Db, filter: { q?: string; type?: string }) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(ilike(contentItems.title, pattern), ilike(contentItems.key, pattern), ilike(contentItems.slug, pattern))!,
    );
  }
  if (filter.type) conditions.push(eq(contentItems.type, filter.type));
  const rows = await db
    .select({ item: contentItems, slug: organisations.slug, name: organisations.name })
    .from(contentItems)
    .leftJoin(organisations, eq(organisations.id, contentItems.organisationId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(contentItems.key), asc(contentItems.slug));
  return rows.map((r) => ({
    item: r.item,
    organisation: r.slug !== null && r.name !== null ? { slug: r.slug, name: r.name } : null,
  }));
}

export function createMessage(db: Db, columns: MessageColumns, recorded: Recorded): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contentItems).values(columns).returning();
    await recorded(tx, row!);
    return row!;
  });
}

export function updateMessage(db: Db, id: number, columns: MessageColumns, recorded: Recorded): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contentItems)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(contentItems.id, id))
      .returning();
    await recorded(tx, row!);
    return row!;
  });
}

export async function deleteMessage(db: Db, row: MessageRow, recorded: Recorded): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(contentItems).where(eq(contentItems.id, row.id));
    await recorded(tx, row);
  });
}

/** What one group of places matches (MESSAGE_GROUPS): every question's key, every message with an activity. */
const GROUP_MATCH: Record<MessageGroup, () => SQL> = {
  questions: () => like(contentItems.key, startsWithPattern(QUESTION_MESSAGE_PREFIX)),
  recommendations: () => isNotNull(contentItems.activity),
};
// A page's group spans every question or every recommendation, each of which may have a few messages.
const PLACE_LIMIT = 100;
const GROUP_LIMIT = 1000;

/**
 * The messages shown at a place (key), for a recommendation (activity) or at every place of a group to a brand (null:
 * the platform's only) on `day`: those between their first day (date) and last (valid_until). At most 100 (a group:
 * 1,000), by date, then slug.
 */
export async function messagesShown(
  db: Db,
  asked: { key?: string; activity?: string; group?: MessageGroup },
  organisationId: number | null,
  day: string,
) {
  const matches: SQL[] = [];
  if (asked.key) matches.push(eq(contentItems.key, asked.key));
  if (asked.activity) matches.push(eq(contentItems.activity, asked.activity));
  if (asked.group) matches.push(GROUP_MATCH[asked.group]());
  const brand = isNull(contentItems.organisationId);
  return db
    .select()
    .from(contentItems)
    .where(
      and(
        or(...matches),
        organisationId === null ? brand : or(brand, eq(contentItems.organisationId, organisationId)),
        or(isNull(contentItems.date), lte(contentItems.date, day)),
        or(isNull(contentItems.validUntil), gte(contentItems.validUntil, day)),
      ),
    )
    .orderBy(asc(contentItems.date), asc(contentItems.slug))
    .limit(asked.group ? GROUP_LIMIT : PLACE_LIMIT);
}
