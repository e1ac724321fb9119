// Attack: anyone posts to NextAuth's client log, POST /api/auth/_log, as often and as large as they like, with
// level=error and forged log lines in the text: the BFF wrote every report as an error. Reports are small (2 KB),
// limited per address, logged at warn at most, and as one line of printable text.
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';

const HOST = 'energy.test';
const lines: { level: number; msg: string; client?: boolean; code?: string; message?: string }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const WARN = 40;

let world: TestWorld;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld({ logger: pino({ level: 'debug' }, sink) });
  ({ app } = world);
});
afterAll(() => world.close());
beforeEach(() => lines.splice(0));

/** A visitor at one address (as the trusted proxy reports it). */
const from = (ip: string) =>
  request(app).post('/api/auth/_log').set('Host', HOST).set('X-Forwarded-For', ip).type('form');
const reports = () => lines.filter((l) => l.client);

describe('anonymous _log floods are bounded and never logged as errors', () => {
  it('level=error is logged at warn, as printable text without forged lines', async () => {
    await from('203.0.113.40')
      .send({
        level: 'error',
        code: 'CLIENT_FETCH_ERROR',
        message: 'boom\n{"level":60,"msg":"forged"}\r\u2028\u202eevil',
      })
      .expect(200);
    expect(reports()).toHaveLength(1);
    const [report] = reports();
    expect(report!.level).toBe(WARN);
    expect(report!.message).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e]/u);
    expect(report!.message).toContain('boom');
    expect(lines.every((l) => l.level <= WARN)).toBe(true);
  });

  it('a report over 2 KB is refused (413) and not logged', async () => {
    const res = await from('203.0.113.41').send({ level: 'error', code: 'X', message: 'm'.repeat(3000) });
    expect(res.status).toBe(413);
    expect(reports()).toHaveLength(0);
    expect(lines.every((l) => l.level <= WARN)).toBe(true);
  });

  it('one address gets 30 reports a minute, then 429 and nothing more is logged; another still reports', async () => {
    const flood = [];
    for (let i = 0; i < 40; i++)
      flood.push((await from('203.0.113.42').send({ level: 'error', code: 'FLOOD', message: `#${i}` })).status);
    expect(flood.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(flood.slice(30).every((s) => s === 429)).toBe(true);
    expect(reports().filter((l) => l.code === 'FLOOD')).toHaveLength(30);
    await from('203.0.113.43').send({ level: 'warn', code: 'OTHER', message: 'fine' }).expect(200);
    expect(lines.every((l) => l.level <= WARN)).toBe(true);
  });
});
