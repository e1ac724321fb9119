// Two builds of the product compared page by page in one sitting (docs/performance.md "Lab bench"): this tree and
// another (a worktree of an earlier commit, or one with a speed mechanism taken out), each served as frontend.mjs
// serves it, with Lighthouse's runs alternating between them (A B, B A, …) so that the machine's drift falls on both
// alike, and one CPU slowdown for both. Each page's medians side by side, with the difference. Builds nothing: run
// `npm run build` in both trees first.
//
//   node scripts/bench/frontend-ab.mjs --against ../other-tree [--runs N] [--json]
//   BENCH_PAGES="admin speed,sign-in"   only these pages (scripts/bench/frontend-pages.mjs)
//   BENCH_CPU_SLOWDOWN=5                this slowdown (otherwise calibrated once, as frontend.mjs does)
//   BENCH_FRONTEND_PORT (3600)          this tree's product; the other's on that + 200
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  calibrate,
  measurePage,
  medians,
  pageFigures,
  printTable,
  remoteShareAssets,
  seconds,
  startProduct,
} from './frontend.mjs';
import { homesThroughBrand, PAGES, sessionFor } from './frontend-pages.mjs';
import { startReference } from './reference.mjs';
import { serverBelow, SERVER_NICENESS } from './server-priority.mjs';

const OTHER_PORT_OFFSET = 200;
const signed = (value, unit = '') => (value === null ? '-' : `${value > 0 ? '+' : ''}${value}${unit}`);

async function slowdown(root) {
  if (process.env.BENCH_CPU_SLOWDOWN !== undefined) return calibrate(root, null);
  const reference = await startReference(root);
  try {
    return await calibrate(root, `${reference.base}/`);
  } finally {
    await reference.stop();
  }
}

export async function benchAb({ root, other, port, runCount = 5, only = process.env.BENCH_PAGES }) {
  if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`--runs takes a whole number ≥ 1 (got ${runCount})`);
  const keys = only ? only.split(',').map((k) => k.trim()) : null;
  const pages = keys ? PAGES.filter((page) => keys.includes(page.key)) : PAGES;
  if (pages.length === 0) throw new Error(`BENCH_PAGES matches no page (pages: ${PAGES.map((p) => p.key).join(', ')})`);
  const trees = [root, other];
  const products = [];
  try {
    for (const [i, tree] of trees.entries()) products.push(await startProduct(tree, port + i * OTHER_PORT_OFFSET));
    const cpu = await slowdown(root);
    const settings =
      `Lighthouse mobile, devtools throttling, CPU ${cpu.multiplier}×; ${runCount} runs of each build, alternating; ` +
      (serverBelow
        ? `the products at autogroup niceness ${SERVER_NICENESS}`
        : "the products at the browser's priority");
    const rows = [
      ['settings', settings, ''],
      ['this tree / the other', `${root} / ${other}`, ''],
    ];
    const results = { measuredAt: new Date().toISOString(), settings, trees, pages: {} };
    const shares = await Promise.all(products.map((product) => remoteShareAssets(product.base)));
    for (const product of products) await homesThroughBrand(product.base);
    const measure = (url, headers) => measurePage(root, url, headers, cpu.multiplier);
    for (const page of pages) {
      const runs = [[], []];
      for (let run = 0; run < runCount; run += 1) {
        for (const i of run % 2 === 0 ? [0, 1] : [1, 0]) {
          const jar = await sessionFor(page.visitor, products[i]);
          const report = await measure(`${products[i].base}${page.path}`, jar ? { Cookie: jar.header } : {});
          runs[i].push(pageFigures(report, shares[i]));
        }
      }
      const [mine, theirs] = runs.map(medians);
      results.pages[page.key] = { path: page.path, this: runs[0], other: runs[1] };
      const figures = (f) => `${f.score.toFixed(2)} / ${seconds(f.usableMs)} / ${f.lcpMs} ms / ${f.tbtMs} ms`;
      const usableDelta = mine.usableMs === null || theirs.usableMs === null ? null : theirs.usableMs - mine.usableMs;
      rows.push([
        `${page.key}: performance / usable / LCP / TBT, this → other`,
        `${figures(mine)} → ${figures(theirs)}`,
        `other − this: usable ${signed(usableDelta, ' ms')}, LCP ${signed(theirs.lcpMs - mine.lcpMs, ' ms')}`,
      ]);
      rows.push([
        `${page.key}: usable ms per run, this | other`,
        `${runs[0].map((r) => r.usableMs ?? '-').join(' ')} | ${runs[1].map((r) => r.usableMs ?? '-').join(' ')}`,
        '',
      ]);
      process.stderr.write(`  ${rows.at(-2).slice(0, 2).join(': ')}\n`);
    }
    return { rows, results };
  } finally {
    for (const product of products) await product.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const arg = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const against = arg('--against');
  if (!against) {
    console.error('bench frontend-ab: --against <the other tree> is required');
    process.exit(2);
  }
  const runs = arg('--runs');
  benchAb({
    root,
    other: path.resolve(against),
    port: Number(process.env.BENCH_FRONTEND_PORT || 3600),
    runCount: runs === undefined ? undefined : Number(runs),
  })
    .then(({ rows, results }) => {
      printTable(rows);
      if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
    })
    .catch((error) => {
      console.error(`bench frontend-ab: ${error.message}`);
      process.exit(1);
    });
}
