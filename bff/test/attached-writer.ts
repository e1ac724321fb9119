// Processes of their own for bff/src/db/__tests__/write-signals.test.ts, around one embedded database in `dataDir`:
//   serve   opens it as the BFF does; answers each line "generation" on stdin with its write generation,
//           "close" ends it
//   write   attaches to the serving process (as the CLI does beside a running BFF), writes, closes
//   read    the same, but only reads
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { readsOnly } from '../src/db/tracked-db';
import { openPglite } from '../src/db/client';
import { writeGenerationOf } from '../src/db/write-generation';

async function serve(dataDir: string): Promise<void> {
  const handle = await openPglite({ dataDir, poolMax: 2 });
  process.stdout.write('ready\n');
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line === 'generation') process.stdout.write(`${writeGenerationOf(handle.pool).value}\n`);
    if (line === 'close') break;
  }
  await handle.close();
  process.stdin.destroy();
}

async function attach(dataDir: string, write: boolean): Promise<void> {
  const handle = await openPglite({ dataDir, attach: true });
  if (write) await handle.db.execute(sql`create table if not exists attached_writes (at timestamptz default now())`);
  else await readsOnly(handle.db).execute(sql`select 1`);
  await handle.close();
}

const [mode, dataDir] = process.argv.slice(2);
(mode === 'serve' ? serve(dataDir) : attach(dataDir, mode === 'write')).catch((error) => {
  console.error(error);
  process.exit(1);
});
