import fs from 'node:fs';
import path from 'node:path';
import { message, MESSAGE_IDS } from '../activities/messages';
import { REPO_ROOT } from '../../paths';

/** The results page translates activity messages by id: every id the engine can send needs a text in both languages. */
describe('activity messages', () => {
  it.each(['en', 'sv'])('have a %s text on the results page, with the same placeholders as the values sent', (lng) => {
    const texts = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'mfe-results', 'locales', lng, 'results.json'), 'utf8'),
    ).activityMessages as Record<string, string>;
    for (const id of MESSAGE_IDS) {
      expect(texts[id]).toEqual(expect.any(String));
      const placeholders = [...texts[id]!.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[1]).sort();
      expect([id, placeholders]).toEqual([id, Object.keys(message(id).values ?? {}).sort()]);
    }
  });

  it('carry a code and numbers only, never a text in either language', () => {
    for (const id of MESSAGE_IDS) {
      const sent = message(id);
      expect(Object.keys(sent).sort()).toEqual(sent.values ? ['id', 'level', 'values'] : ['id', 'level']);
      expect(JSON.stringify(sent)).not.toMatch(/[åäöÅÄÖ]/);
    }
  });
});
