import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { fixedHeaders } from '../fixed-headers';

/** The headers a response gets, without the ones that differ per response. */
async function headersOf(app: express.Express): Promise<Record<string, unknown>> {
  const res = await request(app).get('/x').expect(200);
  const { date: _date, etag: _etag, ...rest } = res.headers;
  return rest;
}

function appWith(middleware: express.RequestHandler): express.Express {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => res.json({ ok: true }));
  return app;
}

describe('fixedHeaders', () => {
  it('sets exactly the headers helmet sets, CSP included, and removes what helmet removes', async () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https:'] } },
      crossOriginEmbedderPolicy: false,
    };
    const replayed = await headersOf(appWith(fixedHeaders(helmet(options))));
    expect(replayed).toEqual(await headersOf(appWith(helmet(options))));
    expect(replayed['content-security-policy']).toContain("img-src 'self' https:");
    expect(replayed['x-powered-by']).toBeUndefined();
  });

  it('refuses a middleware that does not finish at once (it could not be replayed)', () => {
    expect(() => fixedHeaders((_req, _res, next) => setImmediate(next))).toThrow(/synchronously/);
  });
});
