import type { RequestHandler } from 'express';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { auditRow } from './record';
import { insertAudit } from './repository';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The safety net under /api/console and /api/admin: a successful write by a staff user that its route did not audit
 * itself (audit() in record.ts) is still recorded, as `request.write` with the method and path. So a console feature
 * added later is audited from its first day, impersonation included; routes that audit themselves say more.
 */
export function auditWrites(db: Db, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    res.on('finish', () => {
      if (res.statusCode >= 400 || res.locals.audited || req.user?.kind !== 'staff') return;
      const path = req.originalUrl.split('?')[0];
      const row = auditRow(req, {
        action: 'request.write',
        target: `${req.method} ${path}`,
        organisationId: req.organisation?.id ?? null,
        details: { status: res.statusCode },
      });
      insertAudit(db, row).catch((err: unknown) => logger.error({ err, path }, 'audit row not written'));
    });
    next();
  };
}
