import fs from 'node:fs';
import path from 'node:path';
import {
  checkRuntimeAgainstShell,
  checkSharedAgainstShell,
  manifestSchema,
  runtimeOf,
  type FederationManifest,
  type FederationRuntime,
  type RuntimeCheck,
  type SharedCheck,
} from '@home-energy/shared/mfe/compat';
import { REMOTES, type RemotePackage } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { readAll, type ObjectStore } from '../../storage/object-store';
import { checkRelease, ReleaseCheckError, type CheckedRelease } from './release-check';
import { manifestKey, releaseObjects, storeRelease } from './release-store';
import { PAGES_FILE } from './pages-file';
import { activeReleases, findRelease, insertRelease, listReleases, setActive, type ReleaseRow } from './repository';

export class ReleaseError extends Error {
  constructor(
    message: string,
    readonly checks: SharedCheck[] = [],
  ) {
    super(message);
  }
}

export interface ReleaseSettings {
  releasesDir: string;
  SHELL_DIST: string;
  /** The object store of releases; the folder releasesDir when absent. */
  releaseStore?: ObjectStore;
  /** The largest release in MB (config RELEASE_UPLOAD_MB; release-check.ts DEFAULT_RELEASE_MB when absent). */
  RELEASE_UPLOAD_MB?: number;
}

function readManifest(file: string, what: string): FederationManifest {
  if (!fs.existsSync(file)) throw new ReleaseError(`${what}: ${file} is missing. Build it first (npm run build).`);
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new ReleaseError(`${what}: ${file} is not a federation manifest (${parsed.error.issues[0]?.message}).`);
  return parsed.data;
}

export function federationName(remote: RemotePackage): string {
  return REMOTES.find((r) => r.package === remote)!.name;
}

export interface PublishResult {
  remote: RemotePackage;
  version: string;
  created: boolean;
  activated: boolean;
  checks: SharedCheck[];
}

/**
 * Publishes one remote's build folder as a release: checks its manifest against the shell's shared singletons
 * (refusing what the shell cannot satisfy), stores the files under an immutable version, records it and,
 * unless told otherwise, makes it the active release. Neither the shell nor the BFF is rebuilt or restarted.
 */
export async function publishRelease(
  db: Db,
  settings: ReleaseSettings,
  options: {
    remote: RemotePackage;
    distDir: string;
    releasedBy: string;
    activate: 'always' | 'if-new-or-none' | 'never';
  },
): Promise<PublishResult> {
  const { remote, distDir } = options;
  let checked: CheckedRelease;
  try {
    checked = checkRelease(distDir, remote, settings.RELEASE_UPLOAD_MB);
  } catch (error) {
    if (error instanceof ReleaseCheckError) throw new ReleaseError(error.message);
    throw error;
  }
  const { manifest, version, files, bytes } = checked;
  const shell = readManifest(path.join(settings.SHELL_DIST, 'mf-manifest.json'), 'shell');
  const runtime = checkRuntimeAgainstShell(runtimeOf(manifest), runtimeOf(shell));
  const checks = [...checkSharedAgainstShell(manifest.shared, shell.shared), runtime];
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    throw new ReleaseError(`Refusing to release ${remote}: ${failed.map((c) => c.problem).join('; ')}.`, checks);
  }

  const existing = await findRelease(db, remote, version);
  if (!existing) {
    await storeRelease(releaseObjects(settings), remote, version, distDir);
    await insertRelease(db, {
      remote,
      version,
      shared: manifest.shared,
      files: files.length,
      bytes,
      releasedBy: options.releasedBy,
    });
  }
  const hasActive = (await activeReleases(db)).some((r) => r.remote === remote);
  const activate =
    options.activate === 'always' || (options.activate === 'if-new-or-none' && (!existing || !hasActive));
  if (activate) await setActive(db, remote, version, options.releasedBy);
  return { remote, version, created: !existing, activated: activate, checks };
}

/** The running shell's mf-manifest.json as built now (null when it is missing or not a federation manifest). */
export function shellManifest(settings: ReleaseSettings): FederationManifest | null {
  try {
    const file = path.join(settings.SHELL_DIST, 'mf-manifest.json');
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Runtimes of stored releases, by store and release: a release's files never change (content-hashed). */
const releasedRuntimes = new Map<string, FederationRuntime>();

/**
 * The federation runtime a stored release was built with: its manifest's metaData as released. Empty when the
 * manifest cannot be read (then asked again next time).
 */
export async function releasedRuntime(
  settings: ReleaseSettings,
  remote: string,
  version: string,
): Promise<FederationRuntime> {
  const store = releaseObjects(settings);
  const key = `${store.location}\n${manifestKey(remote, version)}`;
  const known = releasedRuntimes.get(key);
  if (known !== undefined) return known;
  try {
    const object = await store.get(manifestKey(remote, version));
    const parsed = object ? manifestSchema.safeParse(JSON.parse((await readAll(object.body)).toString('utf8'))) : null;
    if (!parsed?.success) return {};
    const runtime = runtimeOf(parsed.data);
    releasedRuntimes.set(key, runtime);
    return runtime;
  } catch {
    return {};
  }
}

/**
 * A stored release against the shell's federation runtime (its manifest as released; the shell's as built now). A
 * manifest that cannot be read names no runtime, which the check refuses unless the shell's names none either.
 */
export async function storedRuntimeCheck(
  settings: ReleaseSettings,
  remote: string,
  version: string,
  shell: FederationManifest | null = shellManifest(settings),
): Promise<RuntimeCheck> {
  return checkRuntimeAgainstShell(await releasedRuntime(settings, remote, version), shell ? runtimeOf(shell) : {});
}

/** Releases known to carry their pages file (a release's files never change: its version is their content hash). */
const releasesWithPages = new Set<string>();

/**
 * Whether a stored release carries its pages (pages.json, docs/releases.md "A remote's pages"). One stored before
 * pages travelled with releases has none: served, its remote would have no routes and its pages no way in.
 */
export async function carriesPages(settings: ReleaseSettings, remote: string, version: string): Promise<boolean> {
  const store = releaseObjects(settings);
  const key = `${store.location}\n${remote}/${version}`;
  if (releasesWithPages.has(key)) return true;
  const found = !!(await store.head(`${remote}/${version}/${PAGES_FILE}`));
  if (found) releasesWithPages.add(key);
  return found;
}

/** Why a release without its pages file is never served. */
export const builtBeforePages = (remote: string, version: string) =>
  `${remote} ${version} was built before pages travelled with releases (it has no ${PAGES_FILE}), so its pages ` +
  `would be unreachable: rebuild it and release it again.`;

/**
 * Rollback (or roll forward): any recorded version whose files, pages file included, are still in the store can be
 * made active.
 */
export async function activateRelease(
  db: Db,
  settings: ReleaseSettings,
  remote: RemotePackage,
  version: string,
  by: string,
): Promise<ReleaseRow> {
  const release = await findRelease(db, remote, version);
  if (!release) throw new ReleaseError(`${remote} has no release ${version}.`);
  const store = releaseObjects(settings);
  if (!(await store.head(manifestKey(remote, version)))) {
    throw new ReleaseError(`The files of ${remote} ${version} are missing from ${store.location}.`);
  }
  if (!(await carriesPages(settings, remote, version))) throw new ReleaseError(builtBeforePages(remote, version));
  await setActive(db, remote, version, by);
  return (await findRelease(db, remote, version))!;
}

export { listReleases, activeReleases };
