// Real users' speed at a million reports (bff/src/bench/vitals.ts): the Speed view's query, one report's write and
// the daily roll of the windows.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export async function benchVitals({ root }) {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const out = execFileSync(process.execPath, [tsx, 'bff/src/bench/vitals.ts'], { cwd: root, encoding: 'utf8' });
  const figures = JSON.parse(out.trim().split('\n').pop());
  const line = ({ p50Ms, p95Ms }) => `p50 ${p50Ms} ms, p95 ${p95Ms} ms`;
  return {
    results: figures,
    rows: [
      [
        `vitals: Speed view over 28 days at ${figures.reports.toLocaleString('en')} reports (${figures.rows} rows)`,
        line(figures.speedView28),
        'p95 ≤ 300 ms',
        figures.speedView28.p95Ms <= 300,
      ],
      ['vitals: Speed view over 7 / 90 days', `${line(figures.speedView7)} / ${line(figures.speedView90)}`, ''],
      ["vitals: the Releases page's speed (28 days)", line(figures.releaseSpeed), ''],
      ['vitals: one report written (its day and every window)', line(figures.recordOne), ''],
      [
        'vitals: the daily roll (a day off each window, yesterday ended) / the windows built whole (first start)',
        `${figures.rollOneDay.p50Ms} ms / ${figures.buildWindows.p50Ms} ms`,
        '',
      ],
    ],
  };
}
