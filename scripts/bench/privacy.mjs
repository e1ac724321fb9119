// The personal-data export of a homeowner with 10 homes and 20 documents (bff/src/bench/privacy.ts): how long the
// archive takes and how much memory the process takes on while it streams.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export async function benchPrivacy({ root }) {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const out = execFileSync(process.execPath, [tsx, '--expose-gc', 'bff/src/bench/privacy.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const f = JSON.parse(out.trim().split('\n').pop());
  const what = `${f.homes} homes, ${f.documents} documents of ${f.documentMb} MB, archive ${f.archiveMb} MB`;
  return {
    results: f,
    rows: [
      [`export: my data (${what}), median of ${f.runs}`, `${f.medianMs} ms (slowest ${f.maxMs} ms)`, ''],
      // The peak is the garbage collector's pace (bff/src/bench/privacy.ts says why); streamed, nothing stays.
      [
        'export: memory taken on while it streams (RSS / ArrayBuffers, peak above before)',
        `${f.rssGrowthMb} MB / ${f.arrayBuffersGrowthMb} MB`,
        '',
      ],
      [
        'export: still held after it, once garbage is collected (heap + ArrayBuffers)',
        `${f.retainedMb} MB`,
        `≤ ${2 * f.documentMb} MB (two documents)`,
        f.gc ? undefined : null,
      ],
    ],
  };
}
