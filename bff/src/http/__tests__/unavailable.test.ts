import net from 'node:net';
import express from 'express';
import request from 'supertest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { createLogger } from '../../logger';
import { errorHandler, HttpError } from '../errors';
import { isDatabaseUnavailable } from '../unavailable';

/** An app whose one route fails with the given error, behind the BFF's error handler. */
function failingWith(makeError: () => unknown | Promise<unknown>) {
  const app = express();
  app.get('/x', async () => {
    throw await makeError();
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

function pgError(code: string, message = 'server said no') {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

/** A port with nothing listening: connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('database unavailable → 503 with a retry hint', () => {
  it.each([
    [
      'admin shutdown (pg_ctl stop -m fast)',
      () => pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server still starting', () => pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', () => pgError('08006', 'connection failure')],
    ['a statement timeout', () => pgError('57014', 'canceling statement due to statement timeout')],
    ['the connection lost mid-query', () => new Error('Connection terminated unexpectedly')],
    ['no pooled connection in time', () => new Error('timeout exceeded when trying to connect')],
    [
      'the ROLLBACK on a client already lost',
      () => new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'a refused connection wrapped by drizzle',
      () =>
        Object.assign(new Error('Failed query: select 1'), {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
    ],
    ['a reset socket', () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ])('%s', async (_name, makeError) => {
    const res = await request(failingWith(makeError)).get('/x').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ error: 'unavailable', message: expect.any(String) });
  });

  it('a real pool whose server refuses connections answers 503 on the refusal, not on a timeout', async () => {
    // No connection timeout: only the refusal itself can end the request.
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
      connectionTimeoutMillis: 0,
    });
    pool.on('error', () => undefined);
    const db = drizzle(pool);
    const res = await request(
      failingWith(() =>
        db.execute(sql`select 1`).then(
          () => new Error('unexpectedly connected'),
          (e: unknown) => e,
        ),
      ),
    ).get('/x');
    expect(res.status).toBe(503);
    await pool.end();
  });

  it('a real pool whose server accepts but never answers gives up after connectionTimeoutMillis: 503', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/postgres`,
      connectionTimeoutMillis: 300,
    });
    pool.on('error', () => undefined);
    const res = await request(
      failingWith(() =>
        pool.query('select 1').then(
          () => new Error('unexpectedly answered'),
          (e: unknown) => e,
        ),
      ),
    ).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    await pool.end();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe('other failures keep their meaning', () => {
  it('a query error is a 500 without a retry hint', async () => {
    const res = await request(failingWith(() => pgError('42601', 'syntax error at or near "selec"')))
      .get('/x')
      .expect(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body.error).toBe('internal_error');
  });

  it('a unique violation wrapped by drizzle is not mistaken for an outage', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: pgError('23505', 'duplicate key') })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection string is invalid'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('an HttpError keeps its status', async () => {
    await request(failingWith(() => new HttpError(404, 'not_found', 'No such property.')))
      .get('/x')
      .expect(404);
  });
});
