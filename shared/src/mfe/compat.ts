import semver from 'semver';
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy-schema';

/** The part of an mf-manifest.json the release check reads. */
export const manifestSharedSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    version: z.string(),
    singleton: z.boolean().optional(),
    requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
  }),
);
export const manifestSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1),
    metaData: z
      .object({
        buildInfo: z.object({ buildVersion: z.string() }).partial().optional(),
        // The @module-federation/enhanced version the build used: the federation runtime it was built against.
        pluginVersion: z.string().optional(),
        // Whether the build shares its runtime core (shared/build/runtime-manifest.cjs): the shell `provides` it, a
        // remote built without one is `external`; absent, the build carries its own.
        federationRuntime: z.enum(['provides', 'external']).optional(),
      })
      .passthrough(),
    shared: z.array(manifestSharedSchema),
    exposes: z.array(z.object({ name: z.string(), path: z.string().optional() }).passthrough()),
  }),
);
export type FederationManifest = z.infer<typeof manifestSchema>;
export type ManifestShared = z.infer<typeof manifestSharedSchema>;

export interface SharedCheck {
  name: string;
  requiredVersion: string | null;
  shellVersion: string | null;
  ok: boolean;
  problem?: string;
}

/**
 * Can the shell satisfy this remote's shared singletons? With shareStrategy 'loaded-first' the shell's copy is
 * the one every remote gets, so the shell's version must be inside each range the remote asks for, and a
 * singleton the shell does not provide at all would be loaded twice.
 */
export function checkSharedAgainstShell(remote: ManifestShared[], shell: ManifestShared[]): SharedCheck[] {
  const provided = new Map(shell.map((s) => [s.name, s]));
  return remote
    .filter((s) => s.singleton)
    .map((s) => {
      const required = typeof s.requiredVersion === 'string' ? s.requiredVersion : null;
      const fromShell = provided.get(s.name);
      if (!fromShell) {
        return {
          name: s.name,
          requiredVersion: required,
          shellVersion: null,
          ok: false,
          problem: `the shell does not provide the singleton ${s.name}`,
        };
      }
      if (required && !semver.satisfies(fromShell.version, required, { includePrerelease: true })) {
        return {
          name: s.name,
          requiredVersion: required,
          shellVersion: fromShell.version,
          ok: false,
          problem: `${s.name}: the remote requires ${required} but the shell provides ${fromShell.version}`,
        };
      }
      return { name: s.name, requiredVersion: required, shellVersion: fromShell.version, ok: true };
    });
}

export const FEDERATION_RUNTIME = '@module-federation/runtime';

/** A build's federation runtime, as its manifest says: the plugin version and whether it shares the runtime core. */
export interface FederationRuntime {
  version?: string;
  sharing?: 'provides' | 'external';
}

export function runtimeOf(manifest: FederationManifest): FederationRuntime {
  return { version: manifest.metaData.pluginVersion, sharing: manifest.metaData.federationRuntime };
}

export interface RuntimeCheck extends SharedCheck {
  /** The remote has no runtime core of its own: it runs on the shell's. */
  external: boolean;
  /** The shell hands its runtime core to the remotes. */
  shellProvides: boolean;
}

/**
 * Can this remote run on the shell's federation runtime? A remote built with an external runtime has no runtime core
 * of its own and uses the shell's (docs/decisions/federation-runtime.md), so a shell that provides none is refused;
 * one that keeps its own copy meets the shell's in one global federation instance and share scope. Either way a
 * remote built against another major or minor version is refused; patch versions mix. Versions are the manifests'
 * metaData.pluginVersion; two manifests without one (not written by the federation plugin) have nothing to compare.
 */
export function checkRuntimeAgainstShell(remote: FederationRuntime, shell: FederationRuntime): RuntimeCheck {
  const check = {
    name: FEDERATION_RUNTIME,
    requiredVersion: remote.version ?? null,
    shellVersion: shell.version ?? null,
    external: remote.sharing === 'external',
    shellProvides: shell.sharing === 'provides',
  };
  if (check.external && !check.shellProvides) {
    const problem = `${FEDERATION_RUNTIME}: the remote runs on the shell's runtime core, but the shell provides none`;
    return { ...check, ok: false, problem };
  }
  if (remote.version === undefined && shell.version === undefined) return { ...check, ok: true };
  const [r, s] = [semver.parse(remote.version ?? ''), semver.parse(shell.version ?? '')];
  if (r && s && r.major === s.major && r.minor === s.minor) return { ...check, ok: true };
  const [built, provided] = [remote.version ?? 'an unknown version', shell.version ?? 'an unknown version'];
  const problem = `${FEDERATION_RUNTIME}: the remote was built against ${built} but the shell provides ${provided}`;
  return { ...check, ok: false, problem };
}
