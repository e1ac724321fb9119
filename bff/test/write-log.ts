import type { DatabaseHandle } from '../src/db/client';

/**
 * The rows written in a suite's own database, for the suites that prove a refused request writes nothing (bad input,
 * the authorization matrix). A row trigger on every table of the public schema logs each row a statement inserts,
 * updates or deletes, and a statement trigger each truncate, into a table of the schema `test_write_log`: a count per
 * table that any write moves (an update too, and an insert and a delete of as many rows), read with one query of a
 * small table instead of counting every table's rows. A write rolled back is logged and un-logged with it.
 */
export interface WriteLog {
  /** Rows written so far in each table written at all (tables with no write are left out). */
  counts(): Promise<Record<string, number>>;
}

/**
 * Installs the triggers on every table of the public schema but `except`, in the database of a test only (never a
 * migration: the product has none of this). Tables made afterwards are not watched.
 */
export async function logWrites(database: DatabaseHandle, except: readonly string[]): Promise<WriteLog> {
  const { rows } = await database.pool.query(
    "select tablename from pg_tables where schemaname = 'public' and not (tablename = any($1)) order by tablename",
    [except],
  );
  const triggers = rows.map(
    ({ tablename }: { tablename: string }) =>
      `create trigger test_write_log after insert or update or delete on public."${tablename}" ` +
      'for each row execute function test_write_log.record();\n' +
      `create trigger test_write_log_truncate after truncate on public."${tablename}" ` +
      'for each statement execute function test_write_log.record();',
  );
  await database.pool.query(
    [
      'create schema test_write_log;',
      'create table test_write_log.rows (table_name text not null, operation text not null);',
      'create function test_write_log.record() returns trigger language plpgsql as $$ begin ' +
        'insert into test_write_log.rows (table_name, operation) values (TG_TABLE_NAME, TG_OP); return null; end $$;',
      ...triggers,
    ].join('\n'),
  );
  return {
    async counts() {
      const { rows: written } = await database.pool.query(
        'select table_name, count(*)::int as n from test_write_log.rows group by table_name',
      );
      return Object.fromEntries(written.map((r: { table_name: string; n: number }) => [r.table_name, r.n]));
    },
  };
}

/** The tables whose count differs, as `table before→after` (empty when nothing was written). */
export function tablesWritten(before: Record<string, number>, after: Record<string, number>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((table) => (before[table] ?? 0) !== (after[table] ?? 0))
    .sort()
    .map((table) => `${table} ${before[table] ?? 0}→${after[table] ?? 0}`);
}
