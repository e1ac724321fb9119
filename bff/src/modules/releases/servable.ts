// Which releases /mfe serves to anyone (docs/releases.md "Who can load a release"; docs/security.md "Release trust
// model"): the active release and the canary of each remote, and those that were one of them recently. Any other
// release (uploaded with activate=false, no audience yet) is a preview, served to a signed-in super admin only.
import type { Request } from 'express';
import type { Db } from '../../db/client';
import { mfeReleases } from '../../db/schema';
import { ReadCache } from '../../db/read-cache';
import { writeGenerationOfDb } from '../../db/write-generation';
import type { SessionRead } from '../../auth/session-user';

/**
 * How long a release's files stay public after it stopped being active or a canary: a page loaded before the switch
 * still fetches the old release's lazy chunks (a homeowner an hour into the questions opens the results).
 */
export const RECENTLY_SERVED_MS = 24 * 60 * 60 * 1000;

interface Servable {
  /** Active or a canary now. */
  now: boolean;
  /** Until when (epoch ms) it stays public after it was active or a canary; 0 when it never was. */
  until: number;
}

type ServableRow = Pick<
  typeof mfeReleases.$inferSelect,
  'remote' | 'version' | 'active' | 'canaryStartedAt' | 'activatedAt' | 'canaryVerdictAt'
>;

/**
 * Each release's Servable, from its row. A release stopped being active when the next release of its remote was
 * activated: sorted by activatedAt (each activation stamps it), a release's successor's activatedAt is at or after
 * that moment, so the window never ends early. A canary rolled back (by hand or by the health check) or judged has
 * canaryVerdictAt; a canary replaced by another before any verdict leaves no time and is not kept.
 */
export function servableOf(rows: ServableRow[]): Map<string, Servable> {
  const servable = new Map<string, Servable>();
  const byRemote = new Map<string, ServableRow[]>();
  for (const row of rows) {
    const activated = byRemote.get(row.remote) ?? [];
    if (row.activatedAt) activated.push(row);
    byRemote.set(row.remote, activated);
    const verdictUntil = row.canaryVerdictAt ? row.canaryVerdictAt.getTime() + RECENTLY_SERVED_MS : 0;
    servable.set(`${row.remote}/${row.version}`, {
      now: row.active || row.canaryStartedAt !== null,
      until: verdictUntil,
    });
  }
  for (const activated of byRemote.values()) {
    activated.sort((a, b) => b.activatedAt!.getTime() - a.activatedAt!.getTime());
    activated.forEach((row, i) => {
      const successor = activated[i - 1];
      if (!successor || row.active) return;
      const entry = servable.get(`${row.remote}/${row.version}`)!;
      entry.until = Math.max(entry.until, successor.activatedAt!.getTime() + RECENTLY_SERVED_MS);
    });
  }
  return servable;
}

/**
 * Whether /mfe/<remote>/<version>/ is served to anyone now. Asked on every release file: the releases are read once and
 * kept until a write moves the database's generation (like the registry's cache, routes.ts).
 */
export function servableReleases(db: Db, now: () => number = Date.now) {
  const cache = new ReadCache<Map<string, Servable>>(writeGenerationOfDb(db), { name: 'servable-releases', max: 1 });
  const load = async () =>
    servableOf(
      await db
        .select({
          remote: mfeReleases.remote,
          version: mfeReleases.version,
          active: mfeReleases.active,
          canaryStartedAt: mfeReleases.canaryStartedAt,
          activatedAt: mfeReleases.activatedAt,
          canaryVerdictAt: mfeReleases.canaryVerdictAt,
        })
        .from(mfeReleases),
    );
  return async (remote: string, version: string): Promise<boolean> => {
    const entry = (await cache.read('releases', load)).get(`${remote}/${version}`);
    return !!entry && (entry.now || entry.until > now());
  };
}

/**
 * Whether the request comes from a signed-in super admin (who has chosen their password), the only one who may load a
 * release nobody has yet: read from the session cookie (auth/session-user.ts), since /mfe is answered before the
 * session chain. Any doubt answers false.
 */
export function superAdminSession(read: SessionRead) {
  return async (req: Request): Promise<boolean> => {
    const user = (await read(req))?.user;
    return user?.kind === 'staff' && user.superAdmin === true && !user.mustChangePassword;
  };
}
