import type { Db } from '../db/client';
import { seedQuestionSets } from '../modules/questions/repository';
import { seedTexts } from '../modules/texts/repository';

/** Content every installation needs, demo or not: each organisation's question set and the flow's texts. Idempotent. */
export async function seedPlatformContent(db: Db): Promise<void> {
  await seedQuestionSets(db);
  await seedTexts(db);
}
