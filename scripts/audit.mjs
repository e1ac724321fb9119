// `npm run audit`: npm audit of the production dependencies (fails on high/critical). Where the registry's advisory
// endpoint cannot be reached (this build network answers 405), it says so plainly and lists every direct production
// dependency against its latest release instead, so a stale package is at least visible. Exit codes: 0 clean,
// 1 high/critical advisories found, 2 the audit could not run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;

function npm(args) {
  return spawnSync('npm', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const audit = npm(['audit', '--omit=dev', '--audit-level=high', '--json']);
let report;
try {
  report = JSON.parse(audit.stdout);
} catch {
  report = undefined;
}

if (report?.metadata?.vulnerabilities) {
  const { high = 0, critical = 0, moderate = 0, low = 0 } = report.metadata.vulnerabilities;
  console.log(`npm audit (production): critical ${critical}, high ${high}, moderate ${moderate}, low ${low}`);
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical')
      console.log(
        `  ${v.severity}: ${name} ${v.range} (${[v.via]
          .flat()
          .map((x) => x.title ?? x)
          .join('; ')})`,
      );
  }
  process.exit(high + critical > 0 ? 1 : 0);
}

const reason =
  report?.message ||
  report?.error?.summary ||
  audit.stderr
    .trim()
    .split('\n')
    .find((l) => /audit|error/i.test(l)) ||
  `npm audit exit ${audit.status}`;
console.log(`npm audit could not run: ${reason}`);
console.log('Direct production dependencies against their latest release (a stand-in, not an advisory check):\n');
const direct = new Map();
for (const ws of WORKSPACES) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, ws, 'package.json'), 'utf8'));
  for (const [name, version] of Object.entries(pkg.dependencies ?? {})) {
    if (!name.startsWith('@home-energy/')) direct.set(name, [...(direct.get(name) ?? []), `${ws}@${version}`]);
  }
}
let behind = 0;
for (const [name, users] of [...direct].sort()) {
  const latest = npm(['view', name, 'version']).stdout.trim() || '?';
  const versions = [...new Set(users.map((u) => u.split('@').pop()))];
  const stale = versions.some((v) => v !== latest);
  if (stale) behind++;
  console.log(`${stale ? '!' : ' '} ${name.padEnd(40)} ${versions.join(', ').padEnd(12)} latest ${latest}`);
}
console.log(
  `\n${direct.size} direct production dependencies, ${behind} behind their latest release (pins are ` +
    `explained in docs/security.md).`,
);
process.exit(2);
