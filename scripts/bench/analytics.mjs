// The analytics APIs at 1,000,000 properties (bff/src/modules/analytics/bench.ts): a fresh database on the PostgreSQL
// server of BENCH_DATABASE_URL, seeded with triggers on, then each API's p50/p95 through the app. Skipped, with the
// reason printed, when no server is given: PGlite is not what several BFF instances run on.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export async function benchAnalytics({ root }) {
  if (!process.env.BENCH_DATABASE_URL) {
    const reason =
      'BENCH_DATABASE_URL is not set (a PostgreSQL server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)';
    console.log(`analytics at 1,000,000 properties: skipped: ${reason}`);
    return {
      rows: [['analytics APIs at 1,000,000 properties', `skipped: ${reason}`, 'p95 ≤ 300 ms', null]],
      results: { skipped: reason },
    };
  }
  console.log('analytics: seeding 1,000,000 properties into a new database on BENCH_DATABASE_URL (a few minutes)…');
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bff/src/modules/analytics/bench.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const figures = JSON.parse(out.trim().split('\n').pop());
  const rows = [
    [
      `analytics: seed ${figures.properties.toLocaleString('en')} properties (triggers on)`,
      `${figures.seedSeconds} s (${figures.summaryRows.toLocaleString('en')} summary rows)`,
      '',
    ],
  ];
  const p95s = [];
  for (const [api, f] of Object.entries(figures.apis)) {
    p95s.push(f.p95Ms);
    rows.push([
      `analytics: GET …/${api} (${figures.organisationHomes.toLocaleString('en')} homes)`,
      `p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms`,
      'p95 ≤ 300 ms',
      f.p95Ms <= 300,
    ]);
  }
  rows.push([
    `analytics: worst p95 at ${figures.properties.toLocaleString('en')} properties`,
    `${Math.max(...p95s)} ms`,
    '≤ 300 ms',
  ]);
  rows.push([
    'analytics: summary = straightforward query',
    `${figures.check.matches ? 'yes' : 'NO'} (direct GROUP BY ${figures.check.directLabelQueryMs} ms)`,
    'yes',
    figures.check.matches,
  ]);
  return { rows, results: figures };
}
