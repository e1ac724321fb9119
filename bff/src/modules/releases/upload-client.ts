import fs from 'node:fs';
import path from 'node:path';
import type { RemotePackage } from '@home-energy/shared/remotes';
import { listFiles } from './release-store';

export interface UploadAnswer {
  remote: RemotePackage;
  version: string;
  created: boolean;
  activated: boolean;
}

export class UploadError extends Error {}

/**
 * Sends a built remote to a deployment's POST /api/releases/<remote> (upload-routes.ts), one multipart part per
 * file named by its path in the build: what a team's CI runs, with no access to the BFF's machine.
 */
export async function uploadRelease(options: { to: string; token: string; remote: RemotePackage; distDir: string }): Promise<UploadAnswer> {
  let base: URL;
  try {
    base = new URL(options.to);
  } catch {
    throw new UploadError(`--to: "${options.to}" is not a URL such as https://energy.example.se`);
  }
  if (base.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) {
    throw new UploadError('--to: use https:// (the token would travel in clear); http:// only for localhost');
  }
  if (!fs.existsSync(path.join(options.distDir, 'mf-manifest.json'))) throw new UploadError(`${options.distDir} holds no build of ${options.remote} (no mf-manifest.json). Build it first.`);
  const form = new FormData();
  for (const file of listFiles(options.distDir)) form.append(file, new Blob([fs.readFileSync(path.join(options.distDir, file))]), path.posix.basename(file));
  const answer = await fetch(new URL(`/api/releases/${options.remote}`, base), { method: 'POST', headers: { authorization: `Bearer ${options.token}` }, body: form }).catch((error: Error) => {
    throw new UploadError(`Cannot reach ${base.origin}: ${(error.cause as Error | undefined)?.message ?? error.message}`);
  });
  const body = (await answer.json().catch(() => null)) as (UploadAnswer & { message?: string }) | null;
  if (!answer.ok) throw new UploadError(`${answer.status}: ${body?.message ?? answer.statusText}`);
  return body!;
}
