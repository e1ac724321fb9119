import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { texts } from '../../db/schema';
import { TEXTS } from './content';

/** Adds the texts that are missing; an operator's edits stay. */
export async function seedTexts(db: Db): Promise<void> {
  const rows = TEXTS.flatMap((t) =>
    (['en', 'sv'] as const).map((locale) => ({
      name: t.name,
      locale,
      title: t[locale].title,
      body: t[locale].body,
      demo: t.demo,
    })),
  );
  await db.insert(texts).values(rows).onConflictDoNothing();
}

export function findText(db: Db, name: string, locale: string) {
  return db.query.texts.findFirst({ where: and(eq(texts.name, name), eq(texts.locale, locale)) });
}
