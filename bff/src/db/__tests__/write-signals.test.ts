import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { BFF_ROOT } from '../../paths';
import { copyMigratedDataDir } from '../../../test/pglite-data-dirs';

// The CLI attached to a running PGlite BFF writes behind the BFF's read caches: it signals the serving process, whose
// write generation moves, so nothing cached before the write is served after it (not only after the 10 s lifetime).
// Both sides are real processes (bff/test/attached-writer.ts under tsx): signals are between processes.

const TSX = path.join(BFF_ROOT, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SCRIPT = 'test/attached-writer.ts';
const env = { ...process.env, NODE_OPTIONS: '' };

let dataDir: string;
let serving: ChildProcessWithoutNullStreams;
let lines: AsyncIterator<string>;

async function nextLine(): Promise<string> {
  const { value, done } = await lines.next();
  if (done) throw new Error('the serving process ended');
  return value;
}

async function servingGeneration(): Promise<number> {
  serving.stdin.write('generation\n');
  return Number(await nextLine());
}

async function attachedProcess(mode: 'write' | 'read'): Promise<void> {
  const { stderr } = await promisify(execFile)(process.execPath, [TSX, SCRIPT, mode, dataDir], {
    cwd: BFF_ROOT,
    env,
    timeout: 60_000,
  });
  expect(stderr).toBe('');
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-signals-'));
  await copyMigratedDataDir(dataDir); // an existing database, opened as a BFF opens its own after the first start
  serving = spawn(process.execPath, [TSX, SCRIPT, 'serve', dataDir], { cwd: BFF_ROOT, env });
  lines = readline.createInterface({ input: serving.stdout })[Symbol.asyncIterator]();
  expect(await nextLine()).toBe('ready');
});
afterAll(async () => {
  if (serving.exitCode === null) {
    const exited = new Promise((resolve) => serving.once('exit', resolve));
    serving.stdin.end('close\n');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('an attached process that only read leaves the serving process’s write generation alone', async () => {
  const before = await servingGeneration();
  await attachedProcess('read');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await servingGeneration()).toBe(before);
});

it('an attached process that wrote moves the serving process’s write generation when it is done', async () => {
  const before = await servingGeneration();
  await attachedProcess('write');
  // The signal arrives when the attached process ends; wait for it rather than for a fixed time.
  const deadline = Date.now() + 5_000;
  while ((await servingGeneration()) <= before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await servingGeneration()).toBeGreaterThan(before);
  expect(serving.exitCode).toBeNull(); // the signal moved the generation; it did not end the process
});
