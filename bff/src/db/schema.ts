import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex , serial } from 'drizzle-orm/pg-core';

/** One published build of a remote; exactly one release per remote is active (the registry serves it). */
export const mfeReleases = pgTable(
  'mfe_releases',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    active: boolean('active').notNull().default(false),
    /** The shared[] section of the release's mf-manifest.json, as checked against the shell at release time. */
    shared: jsonb('shared').notNull(),
    files: integer('files').notNull(),
    bytes: integer('bytes').notNull(),
    releasedBy: text('released_by').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    activatedBy: text('activated_by'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mfe_releases_remote_version').on(t.remote, t.version),
    // At most one active release per remote, enforced by the database.
    uniqueIndex('mfe_releases_one_active').on(t.remote).where(sql`${t.active}`),
  ],
);
