// One short log line per request (id, method, url, status, time; never headers or cookies) and the X-Request-Id
// the error answers carry. Written by hand instead of pino-http: a child logger and serializer wrapping per request
// were a measurable share of the CPU of the cheapest routes (scripts/bench/bff-profile.mjs).
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** This request's id, also sent as X-Request-Id and in every error answer. */
    id?: string;
  }
}

const NOT_LOGGED = new Set(['/healthz', '/readyz']);
// GET /api/flow/user/fake-login?personalNumber=…: a personal number never reaches a log line (docs/using-the-demo.md
// "Homeowner sign-in").
const PERSONAL_NUMBER_PARAM = /([?&]personalNumber=)[^&]*/gi;

/** A request URL as logs may carry it. */
export function loggableUrl(url: string): string {
  return url.includes('ersonalNumber=') ? url.replace(PERSONAL_NUMBER_PARAM, '$1[redacted]') : url;
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = crypto.randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const url = loggableUrl(req.url);
    if (NOT_LOGGED.has(url) || !logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    // 'close' comes once per response, after 'finish' when it was sent in full; without 'finish' the client left.
    res.once('close', () => {
      const line = {
        req: { id, method: req.method, url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
