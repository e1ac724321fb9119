import type { Db } from '../../db/client';
import { interactions } from '../../db/schema';

/** One thing a visitor or homeowner did in the flow (e.g. loan_type.change), for the console's analytics. */
export async function recordInteraction(
  db: Db,
  interaction: Omit<typeof interactions.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(interactions).values(interaction);
}
