// The product's texts in both languages: the same keys in sv and en, a count always through i18next's plural forms,
// and words for every action the BFF writes to the audit log and every interaction the remotes report.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { AUDIT_ACTIONS, INTERACTION_ACTIONS } from '@home-energy/shared/schemas/activity-keys';

const root = path.resolve(__dirname, '..', '..');
const LANGUAGES = ['en', 'sv'] as const;

type Texts = { [key: string]: unknown };

/** Every pair of text files that must say the same things in both languages, as [name, en file, sv file]. */
function textFiles(): [string, string, string][] {
  const pairs: [string, string, string][] = [];
  for (const pkg of fs.readdirSync(root)) {
    const en = path.join(root, pkg, 'locales', 'en');
    if (!fs.existsSync(en)) continue;
    for (const file of fs.readdirSync(en).filter((f) => f.endsWith('.json')))
      pairs.push([`${pkg}/locales/*/${file}`, path.join(en, file), path.join(root, pkg, 'locales', 'sv', file)]);
  }
  for (const dir of [
    'shared/src/i18n/energy',
    'shared/src/i18n/privacy',
    'shared/src/ui/user-management/locales',
    'bff/src/modules/mail/templates',
    'bff/src/modules/privacy/locales',
  ])
    pairs.push([`${dir}/*.json`, path.join(root, dir, 'en.json'), path.join(root, dir, 'sv.json')]);
  return pairs;
}

const read = (file: string): Texts => JSON.parse(fs.readFileSync(file, 'utf8'));

/** { a: { b: 'x' } } → { 'a.b': 'x' }; a list's items are keyed by their place. */
function leaves(texts: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (texts !== null && typeof texts === 'object') {
    for (const [key, value] of Object.entries(texts)) leaves(value, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, texts);
  return into;
}

/** The texts that show a count but have no plural form for one of the language's plural categories. */
function missingPlurals(texts: Map<string, unknown>, lng: string): string[] {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const suffix = new RegExp(`_(${['zero', 'one', 'two', 'few', 'many', 'other'].join('|')})$`);
  const problems: string[] = [];
  for (const [key, value] of texts) {
    if (typeof value !== 'string' || !/\{\{\s*count\s*[,}]/.test(value)) continue;
    const base = key.replace(suffix, '');
    if (base === key) problems.push(`${key}: "${value}" shows {{count}} without plural forms (${key}_one, …)`);
    else for (const c of categories) if (!texts.has(`${base}_${c}`)) problems.push(`${base}_${c} is missing`);
  }
  return [...new Set(problems)];
}

describe('the texts of every package', () => {
  const files = textFiles();

  it('finds the text files of every front end, the shared texts and the mails', () => {
    const names = files.map(([name]) => name);
    for (const pkg of ['shared', 'mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'])
      expect(names.some((n) => n.startsWith(`${pkg}/locales/`))).toBe(true);
    expect(names).toContain('bff/src/modules/mail/templates/*.json');
  });

  it.each(files)('%s: Swedish and English have the same keys', (_name, enFile, svFile) => {
    const en = [...leaves(read(enFile)).keys()];
    const sv = [...leaves(read(svFile)).keys()];
    expect({
      onlyInEnglish: en.filter((k) => !sv.includes(k)),
      onlyInSwedish: sv.filter((k) => !en.includes(k)),
    }).toEqual({ onlyInEnglish: [], onlyInSwedish: [] });
  });

  it.each(files)('%s: every count has its plural forms in both languages', (_name, enFile, svFile) => {
    expect(missingPlurals(leaves(read(enFile)), 'en')).toEqual([]);
    expect(missingPlurals(leaves(read(svFile)), 'sv')).toEqual([]);
  });

  it('finds a count without plural forms, and a plural without its "one" or "other" form', () => {
    const texts = leaves({
      a: { sessions: '{{count}} sessions', rows_other: '{{ count }} rows', ok_one: '{{count}} x' },
    });
    texts.set('a.ok_other', '{{count}} xs');
    expect(missingPlurals(texts, 'sv')).toEqual([
      'a.sessions: "{{count}} sessions" shows {{count}} without plural forms (a.sessions_one, …)',
      'a.rows_one is missing',
    ]);
  });
});

describe('words for what people did', () => {
  // The pages' own lookups: t(`audit.actions.${action}`) on the audit log, buckets.actions.<key> on Activities.
  async function translator(pkg: string, ns: string) {
    const instance = i18next.createInstance();
    const resources = Object.fromEntries(
      LANGUAGES.map((lng) => [lng, { [ns]: read(path.join(root, pkg, 'locales', lng, `${ns}.json`)) }]),
    );
    await instance.init({ resources, ns: [ns], defaultNS: ns, lng: 'en', fallbackLng: false });
    return instance;
  }

  it.each(LANGUAGES)('names every audit log action the BFF can write in %s', async (lng) => {
    const t = (await translator('mfe-admin', 'admin')).getFixedT(lng);
    const missing = AUDIT_ACTIONS.filter((action) => {
      const words = t(`audit.actions.${action}`, { defaultValue: '' });
      return typeof words !== 'string' || words === '' || words.includes(action);
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('names every interaction the remotes report in %s', async (lng) => {
    const t = (await translator('mfe-console', 'console')).getFixedT(lng);
    const missing = INTERACTION_ACTIONS.filter((key) => {
      const words = t(`buckets.actions.${key}`, { defaultValue: '' });
      return typeof words !== 'string' || words === '' || words.includes(key);
    });
    expect(missing).toEqual([]);
  });

  it('says different things in Swedish and English for each action', async () => {
    const admin = await translator('mfe-admin', 'admin');
    const same = AUDIT_ACTIONS.filter(
      (a) => admin.getFixedT('sv')(`audit.actions.${a}`) === admin.getFixedT('en')(`audit.actions.${a}`),
    );
    expect(same).toEqual([]);
  });
});
