import { z } from 'zod';
import { lazySchema } from '../schemas/lazy-schema';

/** The federated remotes the shell knows how to mount; `name` is the federation container name. */
export const REMOTES = [
  { package: 'mfe-flow', name: 'mfe_flow' },
  { package: 'mfe-results', name: 'mfe_results' },
  { package: 'mfe-console', name: 'mfe_console' },
  { package: 'mfe-admin', name: 'mfe_admin' },
] as const;

export type RemotePackage = (typeof REMOTES)[number]['package'];
export type RemoteName = (typeof REMOTES)[number]['name'];

export const remotePackageSchema = lazySchema(() =>
  z.enum(REMOTES.map((r) => r.package) as [RemotePackage, ...RemotePackage[]]),
);

/** Release versions are path segments under /mfe/<remote>/<version>/. */
export const releaseVersionSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9A-Za-z][0-9A-Za-z.-]*$/, 'letters, digits, dots and dashes only'),
);

/** GET /api/mfe/registry: the active release of every remote; `demo` when the BFF runs the demo (test data). */
export const registrySchema = lazySchema(() =>
  z.object({
    demo: z.boolean().optional(),
    remotes: z.array(
      z.object({
        name: z.string().min(1),
        package: remotePackageSchema,
        version: releaseVersionSchema,
        entry: z.string().min(1),
      }),
    ),
  }),
);
export type Registry = z.infer<typeof registrySchema>;

/** What a release's health beacon may say about an error: a coarse class, never a message or a stack. */
export const beaconErrorClasses = [
  'network',
  'timeout',
  'manifest',
  'type',
  'reference',
  'range',
  'syntax',
  'other',
] as const;
export type BeaconErrorClass = (typeof beaconErrorClasses)[number];

/**
 * POST /api/mfe/beacon: the shell's report on one release in this session. `loaded` counts the session once;
 * `load-error` (the remote's files did not load) and `render-error` (its App threw) count an error too.
 */
export const releaseBeaconSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('loaded'), remote: remotePackageSchema, version: releaseVersionSchema }).strict(),
    z
      .object({
        kind: z.enum(['load-error', 'render-error']),
        remote: remotePackageSchema,
        version: releaseVersionSchema,
        errorClass: z.enum(beaconErrorClasses),
      })
      .strict(),
  ]),
);
export type ReleaseBeacon = z.infer<typeof releaseBeaconSchema>;
