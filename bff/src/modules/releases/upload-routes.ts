import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import Busboy from 'busboy';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { z } from 'zod';
import { HttpError, parse } from '../../http/errors';
import { noQuery } from '../../http/input-guards';
import { ReleaseTree } from './release-check';
import { publishRelease, ReleaseError, type ReleaseSettings } from './service';
import { markReleaseTokenUsed, type ReleaseTokenRow } from './tokens';
import { actorOf, auditTokenUse, releaseTokenGuard } from './token-auth';

export interface ReleaseUploadLimits {
  RELEASE_UPLOAD_MB: number;
  RELEASE_UPLOAD_FILES: number;
}

// One optional text part: activate=false stores the release without making it active (a canary audience comes next).
const uploadFieldsSchema = z.object({ activate: z.enum(['true', 'false']).optional() }).strict();

/** What an upload left in its staging folder. */
interface ReceivedUpload {
  files: number;
  bytes: number;
  fields: Record<string, string>;
}

/**
 * Streams a multipart release into `staging`, one file per part named by its path, without holding it in memory. The
 * running total is counted as bytes arrive: past RELEASE_UPLOAD_MB (or the file count) the upload is refused with 413
 * at once and the rest of the request is never read (the connection is closed after the answer). A bad path (checked
 * by the same ReleaseTree as every release, release-check.ts) is refused as its part begins.
 */
function receiveUpload(req: Request, res: Response, staging: string, limits: ReleaseUploadLimits) {
  const maxBytes = limits.RELEASE_UPLOAD_MB * 1024 * 1024;
  const tooLarge = () =>
    new HttpError(
      413,
      'payload_too_large',
      `A release is at most ${limits.RELEASE_UPLOAD_FILES} files of ${limits.RELEASE_UPLOAD_MB} MB in all.`,
    );
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: req.headers,
        // Part names are the build's file paths, in UTF-8 (a browser's FormData and Node's send them so).
        defParamCharset: 'utf8',
        limits: {
          fileSize: maxBytes + 1,
          files: limits.RELEASE_UPLOAD_FILES,
          fields: 1,
          fieldNameSize: 512,
          fieldSize: 16,
          parts: limits.RELEASE_UPLOAD_FILES + 1,
        },
      });
    } catch {
      reject(new HttpError(400, 'bad_request', MULTIPART));
      return;
    }
    const tree = new ReleaseTree();
    const writes: Promise<void>[] = [];
    const outputs = new Set<fs.WriteStream>();
    const fields: Record<string, string> = {};
    let bytes = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      // Nothing more is read: the answer closes the connection instead of draining what the client still sends.
      req.unpipe(parser);
      req.pause();
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      res.setHeader('Connection', 'close');
      // Every file of the upload is closed before the staging folder is removed.
      const closed = [...outputs].map((output) =>
        output.closed ? undefined : new Promise<void>((done) => output.once('close', () => done())),
      );
      for (const output of outputs) output.destroy();
      void Promise.all(closed).then(() => reject(error));
    };
    parser.on('file', (name: string | undefined, stream, _info) => {
      if (failed) return void stream.resume();
      // A part without a name in its Content-Disposition reaches here with none: refused, not thrown in the parser.
      if (typeof name !== 'string')
        return fail(new HttpError(400, 'bad_request', `A file part has no name: ${MULTIPART}`));
      const problem = tree.add(name);
      if (problem) return fail(new HttpError(400, 'bad_request', problem));
      const target = path.join(staging, ...name.split('/'));
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true });
      } catch (error) {
        return fail(error);
      }
      const output = fs.createWriteStream(target, { flags: 'wx' });
      outputs.add(output);
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxBytes) fail(tooLarge());
      });
      stream.on('limit', () => fail(tooLarge()));
      writes.push(
        new Promise<void>((done, error) => {
          output.on('finish', () => done());
          output.on('error', error);
        }).catch((error: unknown) => fail(error)),
      );
      stream.pipe(output);
    });
    parser.on('field', (name: string | undefined, value) => {
      if (typeof name !== 'string')
        return fail(new HttpError(400, 'bad_request', `A text part has no name: ${MULTIPART}`));
      if (!Object.hasOwn(uploadFieldsSchema.shape, name))
        return fail(
          new HttpError(400, 'bad_request', `Unknown part ${JSON.stringify(name.slice(0, 100))}: ${MULTIPART}`),
        );
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(tooLarge()));
    parser.on('partsLimit', () => fail(tooLarge()));
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'bad_request', 'Only the part activate may be text.')));
    parser.on('error', () => fail(new HttpError(400, 'bad_request', MULTIPART)));
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (!failed) resolve({ files: tree.size, bytes, fields });
      });
    });
    req.on('error', (error) => fail(error));
    req.on('aborted', () => fail(new HttpError(400, 'bad_request', 'The upload was cut off.')));
    req.pipe(parser);
  });
}

const MULTIPART = 'Send the build as multipart/form-data, one part per file named by its path in the build.';

/**
 * POST /api/releases/:remote — a team's CI uploads its remote's build (multipart, one part per file, the part's
 * field name its path in the build) with `Authorization: Bearer <release token>` of that remote. The upload is streamed
 * to a staging folder, checked like every release (release-check.ts: paths, file types, size, manifest, version; 400
 * naming the problem) and against the shell's shared singletons (409 naming what is wrong), stored and made active
 * (unless the part `activate` says false). The staging folder is removed whatever the outcome.
 */
export function releaseUploadRoutes(db: Db, settings: ReleaseSettings, limits: ReleaseUploadLimits): Router {
  const router = Router();
  router.use(noQuery);

  router.post('/:remote', ...releaseTokenGuard(db), async (req, res) => {
    const token = res.locals.releaseToken as ReleaseTokenRow;
    const remote = token.remote as RemotePackage;
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
    try {
      const received = await receiveUpload(req, res, staging, limits);
      const { activate } = parse(uploadFieldsSchema, received.fields, 'body');
      if (received.files === 0) throw new HttpError(400, 'bad_request', 'The upload holds no files.');
      const when = activate === 'false' ? 'never' : 'always';
      const publish = { remote, distDir: staging, releasedBy: actorOf(token), activate: when } as const;
      const checked = { ...settings, RELEASE_UPLOAD_MB: limits.RELEASE_UPLOAD_MB };
      const result = await publishRelease(db, checked, publish).catch(async (error: unknown) => {
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
        files: received.files,
        bytes: received.bytes,
      });
      res
        .status(result.created ? 201 : 200)
        .json({ remote, version: result.version, created: result.created, activated: result.activated });
    } finally {
      fs.rmSync(staging, { recursive: true, force: true, maxRetries: 3 });
    }
  });
  return router;
}
