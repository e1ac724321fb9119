// The energy engine in-process on one core: recommendations for every demo-register property, a plan of 8 measures and
// the plan suggestions (bff/src/bench/engine.ts, bff/src/bench/plans.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export async function benchEngine({ root }) {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const out = execFileSync(process.execPath, [tsx, 'bff/src/bench/engine.ts'], { cwd: root, encoding: 'utf8' });
  const figures = JSON.parse(out.trim().split('\n').pop());
  return {
    results: figures,
    rows: [
      ['engine: recommendations p50 (in-process)', `${figures.p50Ms.toFixed(2)} ms`, ''],
      ['engine: recommendations p99 (in-process)', `${figures.p99Ms.toFixed(2)} ms`, '≤ 2 ms'],
      [
        'engine: properties per second (one core)',
        `${figures.propertiesPerSecond} /s (${figures.properties} properties)`,
        '≥ 5000 /s',
      ],
      [
        'engine: plan of 8 measures p99 (in-process)',
        `${figures.plans.plan8.p99Ms.toFixed(2)} ms (p50 ${figures.plans.plan8.p50Ms.toFixed(2)} ms, ` +
          `${figures.plans.plan8.count} houses)`,
        '≤ 50 ms',
      ],
      [
        'engine: suggest a plan p99 (in-process)',
        `${figures.plans.suggest.p99Ms.toFixed(2)} ms (p50 ${figures.plans.suggest.p50Ms.toFixed(2)} ms, ` +
          `${figures.plans.suggest.count} houses)`,
        '≤ 300 ms',
      ],
    ],
  };
}
