import semver from 'semver';
import { z } from 'zod';

/** The part of an mf-manifest.json the release check reads. */
export const manifestSharedSchema = z.object({
  name: z.string(),
  version: z.string(),
  singleton: z.boolean().optional(),
  requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
});
export const manifestSchema = z.object({
  name: z.string().min(1),
  metaData: z
    .object({
      buildInfo: z.object({ buildVersion: z.string() }).partial().optional(),
      // The @module-federation/enhanced version the build used: the federation runtime it was built against.
      pluginVersion: z.string().optional(),
    })
    .passthrough(),
  shared: z.array(manifestSharedSchema),
  exposes: z.array(z.object({ name: z.string(), path: z.string().optional() }).passthrough()),
});
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

/**
 * Can this remote run beside the shell's federation runtime? Each remote carries its own copy, and the copies meet in
 * one global federation instance and share scope (docs/decisions/federation-runtime.md), so a remote built against
 * another major or minor version is refused; patch versions mix. Versions are the manifests' metaData.pluginVersion;
 * two manifests without one (not written by the federation plugin) have nothing to compare.
 */
export function checkRuntimeAgainstShell(remote: string | undefined, shell: string | undefined): SharedCheck {
  const check = { name: FEDERATION_RUNTIME, requiredVersion: remote ?? null, shellVersion: shell ?? null };
  if (remote === undefined && shell === undefined) return { ...check, ok: true };
  const [r, s] = [semver.parse(remote ?? ''), semver.parse(shell ?? '')];
  if (r && s && r.major === s.major && r.minor === s.minor) return { ...check, ok: true };
  const [built, provided] = [remote ?? 'an unknown version', shell ?? 'an unknown version'];
  const problem = `${FEDERATION_RUNTIME}: the remote was built against ${built} but the shell provides ${provided}`;
  return { ...check, ok: false, problem };
}
