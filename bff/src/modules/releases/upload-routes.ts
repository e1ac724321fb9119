import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { z } from 'zod';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { checkObjectKey, ObjectKeyError } from '../../storage/object-store';
import { publishRelease, ReleaseError, type ReleaseSettings } from './service';
import { markReleaseTokenUsed, type ReleaseTokenRow } from './tokens';
import { actorOf, auditTokenUse, releaseTokenGuard } from './token-auth';

export interface ReleaseUploadLimits {
  RELEASE_UPLOAD_MB: number;
  RELEASE_UPLOAD_FILES: number;
}

// One optional text part: activate=false stores the release without making it active (a canary audience comes next).
const uploadFieldsSchema = z.object({ activate: z.enum(['true', 'false']).optional() }).strict();

/**
 * POST /api/releases/:remote — a team's CI uploads its remote's build (multipart, one part per file, the part's
 * field name its path in the build) with `Authorization: Bearer <release token>` of that remote. The server checks
 * the build against the shell's shared singletons (409 naming what is wrong), stores it and makes it active
 * (unless the part `activate` says false).
 */
export function releaseUploadRoutes(db: Db, settings: ReleaseSettings, limits: ReleaseUploadLimits): Router {
  const router = Router();
  router.use(noQuery);
  const maxBytes = limits.RELEASE_UPLOAD_MB * 1024 * 1024;
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: maxBytes,
      files: limits.RELEASE_UPLOAD_FILES,
      fields: 1,
      fieldNameSize: 512,
      parts: limits.RELEASE_UPLOAD_FILES + 1,
    },
  }).any();
  const receive: RequestHandler = (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const tooLarge =
          error.code === 'LIMIT_FILE_SIZE' || error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_PART_COUNT';
        const message = tooLarge
          ? `A release is at most ${limits.RELEASE_UPLOAD_FILES} files of ${limits.RELEASE_UPLOAD_MB} MB in all.`
          : `Upload: ${error.message}`;
        return next(new HttpError(tooLarge ? 413 : 400, tooLarge ? 'payload_too_large' : 'bad_request', message));
      }
      next(
        new HttpError(
          400,
          'bad_request',
          'Send the build as multipart/form-data, one part per file named by its path in the build.',
        ),
      );
    });

  router.post('/:remote', ...releaseTokenGuard(db), receive, async (req, res) => {
    const token = res.locals.releaseToken as ReleaseTokenRow;
    const remote = token.remote as RemotePackage;
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    const { activate } = parse(uploadFieldsSchema, { ...req.body }, 'body');
    if (files.length === 0) throw new HttpError(400, 'bad_request', 'The upload holds no files.');
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > maxBytes)
      throw new HttpError(413, 'payload_too_large', `A release is at most ${limits.RELEASE_UPLOAD_MB} MB in all.`);
    const seen = new Set<string>();
    for (const file of files) {
      try {
        checkObjectKey(file.fieldname);
      } catch (error) {
        if (!(error instanceof ObjectKeyError)) throw error;
        throw new HttpError(
          400,
          'bad_request',
          `Invalid file path ${JSON.stringify(file.fieldname.slice(0, 100))}: use relative paths inside the ` +
            `build (no "..", no hidden files).`,
        );
      }
      if (seen.has(file.fieldname))
        throw new HttpError(400, 'bad_request', `The file ${file.fieldname} is sent twice.`);
      seen.add(file.fieldname);
    }
    if (!seen.has('mf-manifest.json'))
      throw new HttpError(400, 'bad_request', 'The upload has no mf-manifest.json: send the whole build folder.');

    const staging = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
    try {
      for (const file of files) {
        const target = path.join(staging, ...file.fieldname.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, file.buffer);
      }
      const when = activate === 'false' ? 'never' : 'always';
      const publish = { remote, distDir: staging, releasedBy: actorOf(token), activate: when } as const;
      const result = await publishRelease(db, settings, publish).catch(async (error: unknown) => {
        if (!(error instanceof ReleaseError)) throw error;
        const failed = error.checks.filter((c) => !c.ok);
        await auditTokenUse(db, req, token, remote, 'release.upload_refused', { reason: error.message });
        throw failed.length > 0
          ? new HttpError(
              409,
              'incompatible',
              error.message,
              failed.map((c) => ({ path: c.name, message: c.problem ?? '' })),
            )
          : new HttpError(400, 'bad_request', error.message.replaceAll(staging, 'the upload'));
      });
      await markReleaseTokenUsed(db, token.id);
      await auditTokenUse(db, req, token, remote, 'release.upload', {
        version: result.version,
        created: result.created,
        activated: result.activated,
        files: files.length,
        bytes: total,
      });
      res
        .status(result.created ? 201 : 200)
        .json({ remote, version: result.version, created: result.created, activated: result.activated });
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  });
  return router;
}
