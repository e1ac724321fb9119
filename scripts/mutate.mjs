// `npm run mutate`: StrykerJS mutation testing, one area at a time (scripts/mutate/areas.cjs, docs/testing.md).
//
//   npm run mutate                          every area: energy (in fifteen parts), finance, guards, schemas
//   npm run mutate -- finance guards        some of them
//   npm run mutate -- finance --concurrency 1
//   npm run mutate -- energy --dry-run      count the mutants and time the tests once, test no mutant
//   npm run mutate -- schemas --force       test every mutant again, not only those whose code or tests changed
//   npm run mutate -- finance --report      the table and survivors.txt again from the last report, running nothing
//
// Each area writes scripts/mutate/reports/<area>/: mutation.json (Stryker's JSON report), incremental.json (what a
// rerun reuses) and survivors.txt (the mutants no test killed, by file and line).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installOnce } from './install-once.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, 'scripts', 'mutate');
const { AREAS, GROUPS } = createRequire(import.meta.url)('./mutate/areas.cjs');

// Stryker's CLI refuses Node < 22 (its engines field); its Stryker class runs on Node 20 like the rest of the repo.
function strykerModule() {
  const core = path.join(DIR, 'node_modules', '@stryker-mutator', 'core');
  installOnce(DIR, path.join(DIR, 'node_modules', '@stryker-mutator', 'jest-runner', 'package.json'), 'StrykerJS');
  return path.join(core, 'dist', 'src', 'stryker.js');
}

function parseArgs(argv) {
  const options = { areas: [], concurrency: undefined, dryRun: false, force: false, report: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--concurrency') options.concurrency = Number(argv[++i]);
    else if (arg.startsWith('--concurrency=')) options.concurrency = Number(arg.split('=')[1]);
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--force') options.force = true;
    else if (arg === '--report') options.report = true;
    else if (AREAS[arg]) options.areas.push(arg);
    else if (GROUPS[arg]) options.areas.push(...GROUPS[arg]);
    else {
      const names = [...Object.keys(GROUPS), ...Object.keys(AREAS)].join(', ');
      console.error(`✖ unknown argument ${arg}: areas are ${names}`);
      process.exit(2);
    }
  }
  if (options.concurrency !== undefined && !(options.concurrency >= 1)) {
    console.error('✖ --concurrency takes a number of test runners, 1 or more');
    process.exit(2);
  }
  if (!options.areas.length) options.areas = Object.keys(AREAS);
  return options;
}

function strykerOptions(name, options) {
  const reports = path.posix.join('scripts', 'mutate', 'reports', name);
  return {
    packageManager: 'npm',
    testRunner: 'jest',
    jest: { projectType: 'custom', configFile: 'scripts/mutate/jest.config.cjs', enableFindRelatedTests: true },
    // jest loads some dependencies with import(), which needs node's VM modules (as in `npm run test:unit`).
    testRunnerNodeArgs: ['--experimental-vm-modules'],
    mutate: AREAS[name].mutate,
    // The sandbox holds only what the area's tests load (the engine's tests read the results page's texts);
    // node_modules folders are linked into it.
    ignorePatterns: [
      ...['/*', '!/bff', '!/shared', '!/scripts', '!/package.json', '!/jest.config.cjs', 'dist'],
      ...['!/mfe-results', '/mfe-results/*', '!/mfe-results/locales'],
    ],
    // Outside the repo, so no jest run of the repo finds a second copy of its packages.
    tempDirName: path.join(os.tmpdir(), 'home-energy-mutate', name),
    coverageAnalysis: 'perTest',
    // Static mutants (evaluated once at load) rerun every test of the area; an area may leave them out (areas.cjs).
    ignoreStatic: AREAS[name].ignoreStatic ?? false,
    incremental: true,
    incrementalFile: `${reports}/incremental.json`,
    force: options.force,
    dryRunOnly: options.dryRun,
    reporters: ['clear-text', 'json', 'progress-append-only'],
    jsonReporter: { fileName: `${reports}/mutation.json` },
    clearTextReporter: { allowColor: false, logTests: false },
    // A mutant whose tests outrun the limit counts as detected (an endless loop): the limit is wide (3 × the tests'
    // own time + 10 s, Stryker's defaults are 1.5 × + 5 s) so that a test merely slowed by other work on a 2-core
    // machine is not counted as one.
    timeoutFactor: 3,
    timeoutMS: 10_000,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  };
}

const SCORED = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];

/** Counts per status and the survivors (survived or not covered) of a Stryker JSON report. */
function summarise(report) {
  const counts = {};
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        survivors.push({ file, original: sourceAt(report.files[file].source, mutant.location), ...mutant });
      }
    }
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const scored = SCORED.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  const score = scored ? (100 * detected) / scored : NaN;
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.location.start.line - b.location.start.line);
  return { counts, files: Object.keys(report.files).length, mutants: scored, score, survivors };
}

/** The code a mutant replaced (report locations are 1-based lines and columns), on one line. */
function sourceAt(source, { start, end }) {
  const lines = source.split('\n').slice(start.line - 1, end.line);
  lines[lines.length - 1] = lines[lines.length - 1].slice(0, end.column - 1);
  lines[0] = lines[0].slice(start.column - 1);
  return lines.join(' ');
}

const oneLine = (text) => text.replace(/\s+/g, ' ').trim().slice(0, 70);

function survivorsText(name, summary) {
  const lines = [`# ${name}: ${summary.survivors.length} mutants no test detected (file:line mutator: code → mutant)`];
  let file;
  for (const mutant of summary.survivors) {
    if (mutant.file !== file) lines.push('', (file = mutant.file));
    const status = mutant.status === 'NoCoverage' ? ' [no coverage]' : '';
    const change = `${oneLine(mutant.original)} → ${oneLine(mutant.replacement ?? '')}`;
    lines.push(`  ${file}:${mutant.location.start.line} ${mutant.mutatorName}${status}: ${change}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { Stryker } = options.report ? {} : await import(pathToFileURL(strykerModule()).href);
  process.chdir(ROOT);
  const rows = [];
  for (const name of options.areas) {
    console.log(`\n▸ ${name}: ${AREAS[name].title}`);
    process.env.MUTATE_AREA = name;
    const started = Date.now();
    if (!options.report) await new Stryker(strykerOptions(name, options)).runMutationTest();
    const minutes = (Date.now() - started) / 60_000;
    if (options.dryRun) {
      rows.push({ name, minutes });
      continue;
    }
    const reports = path.join(DIR, 'reports', name);
    const summary = summarise(JSON.parse(fs.readFileSync(path.join(reports, 'mutation.json'), 'utf8')));
    fs.writeFileSync(path.join(reports, 'survivors.txt'), survivorsText(name, summary));
    rows.push({ name, minutes, ...summary });
  }
  // A group whose every part ran is scored together too: the sum of its parts' counts.
  for (const [group, parts] of Object.entries(GROUPS)) {
    const of = parts.map((part) => rows.find((row) => row.name === part && row.counts));
    if (of.some((row) => !row)) continue;
    const counts = {};
    for (const row of of)
      for (const [status, n] of Object.entries(row.counts)) counts[status] = (counts[status] ?? 0) + n;
    const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
    const mutants = of.reduce((sum, row) => sum + row.mutants, 0);
    const files = of.reduce((sum, row) => sum + row.files, 0);
    const minutes = of.reduce((sum, row) => sum + row.minutes, 0);
    rows.push({ name: `${group} (all)`, counts, files, mutants, score: (100 * detected) / mutants, minutes });
  }
  console.log('\narea               files  mutants  killed  timeout  survived  no cov.  score    minutes');
  for (const row of rows) {
    const c = row.counts ?? {};
    const cells = [
      row.name.padEnd(17),
      String(row.files ?? '').padStart(5),
      String(row.mutants ?? '').padStart(8),
      String(c.Killed ?? '').padStart(7),
      String(c.Timeout ?? '').padStart(8),
      String(c.Survived ?? '').padStart(9),
      String(c.NoCoverage ?? '').padStart(8),
      (row.score === undefined ? '' : `${row.score.toFixed(1)} %`).padStart(7),
      row.minutes.toFixed(1).padStart(9),
    ];
    console.log(cells.join(' '));
    if (c.Ignored) console.log(`${''.padEnd(17)} ${c.Ignored} static mutants ignored (not scored)`);
  }
}

await main();
