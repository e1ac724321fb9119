import fs from 'node:fs';
import path from 'node:path';

// Every write must reach the read caches (db/tracked-db.ts). The handle's drizzle database reports its own writes;
// these are the only places that write past it, each with its reason. A new one fails here until it reports its
// writes (or is shown to write only what no cache reads) and is added below.
const BYPASSES: Record<string, string> = {
  'modules/building/repository.ts outputsOnly(': 'stored labels, read by analytics only',
  'modules/analytics/insights.ts outputsOnly(': 'analytics facts, read by analytics only',
  'http/rate-limit-store.ts outputsOnly(': 'rate-limit counters',
  'modules/releases/served.ts outputsOnly(': 'which release the registry served to which session, read by beacons',
  'modules/releases/health.ts outputsOnly(': "release sessions' health counts, read by the Releases page and verdicts",
  'modules/vitals/repository.ts outputsOnly(': "real users' speed histograms, read by the Speed view and Releases page",
  'modules/vitals/rollup.ts outputsOnly(': "the same histograms' windows and trend, read by the same two pages",
  'modules/health/routes.ts readsOnly(': 'select 1',
  'auth/session.ts PgStore(': 'the session store reports set, touch and destroy itself (auth/session.ts)',
  'db/client.ts new pg.Pool(': 'the pool behind the tracked database',
  'db/client.ts drizzle(': 'wrapped by trackedDb',
  'db/write-generation.ts pool.query(': 'the NOTIFY announcing a write',
  'db/write-generation.ts $client': 'finds the pool of a database',
  'db/write-generation.ts new pg.Client(': 'the LISTEN connection',
  'modules/analytics/bench.ts pool.query(': 'the analytics bench, in a database of its own',
  'modules/analytics/bench.ts new pg.Client(': 'the analytics bench, creating and dropping its database',
};

const PATTERNS = [
  'outputsOnly(',
  'readsOnly(',
  'pool.query(',
  '$client',
  'drizzle(',
  'new pg.Pool(',
  'new pg.Client(',
  'PgStore(',
  'new Pool(',
  'new Client(',
];
const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

it('nothing in the BFF writes past the tracked database except the listed, explained places', () => {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    for (const pattern of PATTERNS) if (text.includes(pattern)) found.add(`${relative} ${pattern}`);
  }
  expect([...found].filter((use) => !(use in BYPASSES)).sort()).toEqual([]);
  // A listed place that no longer bypasses is taken off the list, so the list stays the truth.
  expect(
    Object.keys(BYPASSES)
      .filter((use) => !found.has(use))
      .sort(),
  ).toEqual([]);
});
