// The installer's Requests page at volume (bff/src/bench/leads.ts): each way the page is used, over 1,000 leads.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// A page of leads answered within this, the server's share of a click on a filter (the load test's p99 target).
const TARGET_MS = 200;

export async function benchLeads({ root }) {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const out = execFileSync(process.execPath, [tsx, 'bff/src/bench/leads.ts'], { cwd: root, encoding: 'utf8' });
  const f = JSON.parse(out.trim().split('\n').pop());
  return {
    results: f,
    rows: Object.entries(f.queries).map(([name, q]) => [
      `leads: ${name} (${f.leads} leads, ${q.total} match), p50 / p95 of ${f.runs}`,
      `${q.p50} / ${q.p95} ms`,
      `p95 ≤ ${TARGET_MS} ms`,
      q.p95 <= TARGET_MS,
    ]),
  };
}
