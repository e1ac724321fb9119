import { z } from 'zod';

/** The federated remotes the shell knows how to mount; `name` is the federation container name. */
export const REMOTES = [
  { package: 'mfe-flow', name: 'mfe_flow' },
  { package: 'mfe-results', name: 'mfe_results' },
  { package: 'mfe-console', name: 'mfe_console' },
  { package: 'mfe-admin', name: 'mfe_admin' },
] as const;

export type RemotePackage = (typeof REMOTES)[number]['package'];
export type RemoteName = (typeof REMOTES)[number]['name'];

export const remotePackageSchema = z.enum(REMOTES.map((r) => r.package) as [RemotePackage, ...RemotePackage[]]);

/** Release versions are path segments under /mfe/<remote>/<version>/. */
export const releaseVersionSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.-]*$/, 'letters, digits, dots and dashes only');

/** GET /api/mfe/registry: the active release of every remote; `demo` when the BFF runs the demo (test data). */
export const registrySchema = z.object({
  demo: z.boolean().optional(),
  remotes: z.array(
    z.object({
      name: z.string().min(1),
      package: remotePackageSchema,
      version: releaseVersionSchema,
      entry: z.string().min(1),
    }),
  ),
});
export type Registry = z.infer<typeof registrySchema>;
