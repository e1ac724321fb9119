import fs from 'node:fs';
import path from 'node:path';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { AdminRelease, AdminRemoteReleases, ReleaseAudience } from '@home-energy/shared/schemas/admin';
import { listFiles } from './release-store';

export interface UploadAnswer {
  remote: RemotePackage;
  version: string;
  created: boolean;
  activated: boolean;
}

export class UploadError extends Error {}

/** Where the deployment is and the token to show it: what every call of a team's CI needs. */
export interface Deployment {
  to: string;
  token: string;
  remote: RemotePackage;
}

/** What to do about each refusal, after the server's own message. */
const HINTS: Record<number, string> = {
  401: "Check RELEASE_TOKEN: a super admin makes a token on the console's Releases page.",
  403: 'Use the release token of this remote.',
  404: 'See the releases with --status.',
};

function baseOf(to: string): URL {
  let base: URL;
  try {
    base = new URL(to);
  } catch {
    throw new UploadError(`--to: "${to}" is not a URL such as https://energy.example.se`);
  }
  if (base.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) {
    throw new UploadError('--to: use https:// (the token would travel in clear); http:// only for localhost');
  }
  return base;
}

/** One call of the deployment's /api/releases/<remote>… with the token; refusals as UploadError "<status>: <why>". */
async function call<T>(
  deployment: Deployment,
  suffix: string,
  init: { method: 'GET' | 'POST'; body?: FormData | object },
): Promise<T> {
  const base = baseOf(deployment.to);
  const json = init.body !== undefined && !(init.body instanceof FormData);
  const headers: Record<string, string> = { authorization: `Bearer ${deployment.token}` };
  if (json) headers['content-type'] = 'application/json';
  const body = json ? JSON.stringify(init.body) : (init.body as FormData | undefined);
  const url = new URL(`/api/releases/${deployment.remote}${suffix}`, base);
  const answer = await fetch(url, { method: init.method, headers, body }).catch((error: Error) => {
    const why = (error.cause as Error | undefined)?.message ?? error.message;
    throw new UploadError(`Cannot reach ${base.origin}: ${why}`);
  });
  const parsed = (await answer.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!answer.ok) {
    const hint = HINTS[answer.status];
    throw new UploadError(`${answer.status}: ${parsed?.message ?? answer.statusText}${hint ? ` ${hint}` : ''}`);
  }
  return parsed!;
}

/**
 * Sends a built remote to a deployment's POST /api/releases/<remote> (upload-routes.ts), one multipart part per
 * file named by its path in the build: what a team's CI runs, with no access to the BFF's machine. With
 * `activate: false` the release is only stored (for a canary audience next).
 */
export async function uploadRelease(
  options: Deployment & { distDir: string; activate?: boolean },
): Promise<UploadAnswer> {
  baseOf(options.to);
  if (!fs.existsSync(path.join(options.distDir, 'mf-manifest.json')))
    throw new UploadError(
      `${options.distDir} holds no build of ${options.remote} (no mf-manifest.json). Build it first.`,
    );
  const form = new FormData();
  if (options.activate === false) form.append('activate', 'false');
  for (const file of listFiles(options.distDir))
    form.append(file, new Blob([fs.readFileSync(path.join(options.distDir, file))]), path.posix.basename(file));
  return call<UploadAnswer>(options, '', { method: 'POST', body: form });
}

/** The remote's releases with their audience, sessions, errors and verdict (control-routes.ts). */
export function releaseStatus(deployment: Deployment): Promise<AdminRemoteReleases> {
  return call<AdminRemoteReleases>(deployment, '', { method: 'GET' });
}

/** A canary audience (a brand's sessions or a share of them), or everyone: promotion. */
export function setAudience(deployment: Deployment, version: string, audience: ReleaseAudience): Promise<AdminRelease> {
  return call<AdminRelease>(deployment, `/${version}/audience`, { method: 'POST', body: audience });
}

/** Withdraws a canary (`rollback`), or makes an earlier release active for everyone (`activate`). */
export function changeRelease(
  deployment: Deployment,
  version: string,
  change: 'rollback' | 'activate',
): Promise<AdminRelease> {
  return call<AdminRelease>(deployment, `/${version}/${change}`, { method: 'POST' });
}
