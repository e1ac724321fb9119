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

/**
 * A version as the release store may hold it: one path segment of an object key (bff/src/storage/object-store.ts),
 * which is every version any release ever got, including those made before new releases had to match
 * releaseVersionSchema. Used to address an existing release (activate, canary, rollback), never to make one.
 */
export const storedReleaseVersionSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(480)
    .regex(/^[A-Za-z0-9_@+=,-][A-Za-z0-9._@+=,-]*$/, 'not a version of a stored release'),
);

/** A route of a remote's route table as the registry names it: its pattern, the page it renders, the routes below. */
export interface RegistryPageRoute {
  path?: string;
  index?: boolean;
  page?: string;
  children?: RegistryPageRoute[];
}

/** Bounded as a release's pages file is (bff/src/modules/releases/pages-file.ts): a release it holds always fits. */
const pageRouteSchema: z.ZodType<RegistryPageRoute> = lazySchema(() =>
  z.object({
    path: z.string().max(200).optional(),
    index: z.boolean().optional(),
    page: z.string().min(1).max(64).optional(),
    children: z
      .array(z.lazy(() => pageRouteSchema))
      .max(100)
      .optional(),
  }),
);

/** One remote's release in the registry. */
export const registryEntrySchema = lazySchema(() =>
  z.object({
    name: z.string().min(1),
    package: remotePackageSchema,
    version: releaseVersionSchema,
    entry: z.string().min(1),
    /**
     * The shell's routes to this remote, as its release declares them (its pages.json: docs/releases.md "A remote's
     * pages"): the patterns it is mounted at, and paths that redirect to one of its pages.
     */
    routes: z
      .array(z.object({ path: z.string().max(200), redirect: z.string().max(200).optional() }))
      .max(20)
      .default([]),
    /**
     * The remote's routes below its mount, as its release's route table has them (patterns and page ids): the shell
     * names a page's speed by the route it matches in them (docs/performance.md "Field vitals"), and the console's
     * menu finds the path of the page an item opens (shared/src/console/menu-rules.ts).
     */
    pageRoutes: z.array(pageRouteSchema).max(200).optional(),
  }),
);

/** A release's route table as the registry names it: the shell's mounts of the remote and its routes below them. */
export function releaseRouteTable(entry: Pick<Registry['remotes'][number], 'routes' | 'pageRoutes'>): {
  mount: string[];
  routes: RegistryPageRoute[];
} {
  return {
    mount: entry.routes.filter((route) => route.redirect === undefined).map((route) => route.path),
    routes: entry.pageRoutes ?? [],
  };
}

/** GET /api/mfe/registry: the active release of every remote; `demo` when the BFF runs the demo (test data). */
export const registrySchema = lazySchema(() =>
  z.object({
    demo: z.boolean().optional(),
    remotes: z.array(registryEntrySchema),
    /** The share of page loads (0–1) whose speed the shell reports (POST /api/mfe/vitals); none when missing. */
    vitalsSample: z.number().min(0).max(1).optional(),
  }),
);
export type Registry = z.infer<typeof registrySchema>;

/** A registry entry the shell leaves out, and why. */
export interface RefusedRegistryEntry {
  index: number;
  name: string | null;
  problem: string;
}

/**
 * The registry with each remote's entry checked on its own: an entry that fails registryEntrySchema is left out (that
 * remote is unavailable, as if it had no release) and every other remote still loads. Throws only when the answer is
 * not a registry at all.
 */
export function parseRegistry(value: unknown): { registry: Registry; refused: RefusedRegistryEntry[] } {
  const outer = z
    .object({ demo: z.boolean().optional(), remotes: z.array(z.unknown()), vitalsSample: z.unknown().optional() })
    .parse(value);
  // A sample that is not a share reports nothing, as when it is missing.
  const sample = z.number().min(0).max(1).safeParse(outer.vitalsSample);
  const refused: RefusedRegistryEntry[] = [];
  const remotes = outer.remotes.flatMap((entry, index) => {
    const parsed = registryEntrySchema.safeParse(entry);
    if (parsed.success) return [parsed.data];
    const name = (entry as { name?: unknown } | null)?.name;
    const issue = parsed.error.issues[0];
    const problem = `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`;
    refused.push({ index, name: typeof name === 'string' ? name.slice(0, 100) : null, problem });
    return [];
  });
  const registry: Registry = {
    ...(outer.demo === undefined ? {} : { demo: outer.demo }),
    remotes,
    ...(sample.success ? { vitalsSample: sample.data } : {}),
  };
  return { registry, refused };
}

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
