// `npm run build` / `npm run typecheck`: runs one npm script in every workspace that has it, as many at once as the
// machine has cores, and prints each workspace's output when it is done. The workspaces do not build on each other
// (the front ends and the BFF read `shared` from source), so no order is needed. npm's own `--workspaces` runs them
// one after the other; a task runner such as lerna would add hundreds of packages to a cold `npm ci`
// (docs/performance.md, "Fresh clone with a cold npm cache").
//
//   node scripts/workspaces.mjs <script>
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/workspaces.mjs <script>');
  process.exit(2);
}

/** The workspaces (package.json order) whose package.json has the script. */
function workspacesWith(name) {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.filter((workspace) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
    return Boolean(pkg.scripts?.[name]);
  });
}

function runIn(workspace) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, '--silent'], { cwd: path.join(root, workspace), env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`${ok ? '✔' : '✖'} ${workspace}: npm run ${script} (${seconds} s)`);
      // A passing step's output is shown too: webpack's and tsc's warnings belong to the reader.
      if (output.trim()) console.log(output.trimEnd().replace(/^/gm, `  ${workspace} │ `));
      resolve(ok);
    });
  });
}

const queue = workspacesWith(script);
const results = [];
async function worker() {
  while (queue.length) results.push(await runIn(queue.shift()));
}
await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
if (results.some((ok) => !ok)) process.exit(1);
