import { asc, eq, sql } from 'drizzle-orm';
import type { QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { organisations, questionDefinitions } from '../../db/schema';
import { defaultQuestions } from './catalogue';

/**
 * Gives every organisation (or the one given) the platform questions it lacks. Idempotent: an admin's changes stay,
 * keys added to the engine later are appended.
 */
export async function seedQuestionSets(db: Db, organisationId?: number): Promise<number> {
  const orgs =
    organisationId === undefined
      ? await db.select({ id: organisations.id }).from(organisations)
      : [{ id: organisationId }];
  const questions = defaultQuestions();
  let added = 0;
  for (const org of orgs) {
    const rows = await db
      .insert(questionDefinitions)
      .values(
        questions.map((q) => ({
          organisationId: org.id,
          key: q.key,
          position: q.position,
          header: q.header,
          data: q.data,
          texts: q.texts,
          asked: q.asked,
          required: q.required,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: questionDefinitions.id });
    added += rows.length;
  }
  return added;
}

/** The organisation's question set in asking order; the platform set when there is no organisation. */
export async function questionSet(db: Db, organisationId: number | null): Promise<QuestionDefinition[]> {
  if (organisationId === null) return defaultQuestions();
  const rows = await db
    .select()
    .from(questionDefinitions)
    .where(eq(questionDefinitions.organisationId, organisationId))
    .orderBy(asc(questionDefinitions.position), asc(questionDefinitions.key));
  if (rows.length === 0) return defaultQuestions();
  return rows.map((r) => ({
    key: r.key,
    header: r.header,
    data: r.data as QuestionDefinition['data'],
    texts: r.texts as QuestionDefinition['texts'],
    asked: r.asked,
    position: r.position,
    required: r.required,
  }));
}

export async function countQuestionDefinitions(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(questionDefinitions);
  return row?.n ?? 0;
}
