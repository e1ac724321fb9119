import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createLogger, type LogFormat, type Logger } from '../logger';

function lines(format: LogFormat, write: (logger: Logger) => void): string[] {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  write(createLogger('info', format, out));
  return text.split('\n').filter(Boolean);
}

test('text format: a request is one short line with method, url, status and time, and no request id', () => {
  const written = lines('text', (logger) => {
    logger.info(
      { req: { id: 'abc-123', method: 'GET', url: '/api/mfe/registry' }, res: { statusCode: 200 }, responseTime: 3 },
      'request completed',
    );
  });
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/mfe\/registry 200 3 ms$/);
});

test('text format: an aborted or failed request keeps its reason; others keep message and fields on one line', () => {
  const written = lines('text', (logger) => {
    logger.warn(
      { req: { method: 'POST', url: '/api/flow/x' }, res: { statusCode: 200 }, responseTime: 9 },
      'request aborted',
    );
    logger.info({ port: 3000 }, 'listening');
  });
  expect(written).toEqual([
    expect.stringMatching(/WARN: POST \/api\/flow\/x 200 9 ms \(request aborted\)$/),
    expect.stringMatching(/INFO: listening \{"port":3000\}$/),
  ]);
});

test('json format stays one JSON object per entry with the request fields', () => {
  const written = lines('json', (logger) => {
    logger.info(
      { req: { id: 'abc', method: 'GET', url: '/x' }, res: { statusCode: 204 }, responseTime: 1 },
      'request completed',
    );
  });
  expect(written).toHaveLength(1);
  expect(JSON.parse(written[0])).toMatchObject({
    service: 'bff',
    msg: 'request completed',
    req: { id: 'abc', url: '/x' },
  });
});

describe('json to standard output', () => {
  // The logger as the server makes it, in a process of its own (tsx compiles the TypeScript, as `npm run dev` does).
  const logger = JSON.stringify(path.join(__dirname, '..', 'logger.ts'));
  const script = (tail: string) =>
    `const { createLogger } = require(${logger}); const logger = createLogger('info', 'json');` +
    `logger.info({ n: 1 }, 'first'); ${tail}`;
  const args = (code: string) => ['--import', 'tsx', '-e', code];

  test('a line logged just before the process exits is written', () => {
    const out = spawnSync(process.execPath, args(script(`logger.info({ n: 2 }, 'last'); process.exit(0);`)), {
      encoding: 'utf8',
    });
    expect(
      out.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['first', 'last']);
  });

  test('a line of a quiet process goes out while it keeps running', async () => {
    const child = spawn(process.execPath, args(script('setTimeout(() => {}, 20_000);')));
    try {
      const line = await new Promise<string>((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk))));
      expect(JSON.parse(line)).toMatchObject({ msg: 'first', n: 1, service: 'bff' });
    } finally {
      child.kill();
    }
  });
});
