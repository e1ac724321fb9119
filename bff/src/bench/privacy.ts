// Personal-data export benchmark for `npm run bench -- --only privacy` (docs/privacy.md "The export"): the archive of a
// homeowner with 10 homes (answers, prices, consumption and plan each) and 20 uploaded certificates of 2 MB each
// (BENCH_EXPORT_DOCUMENT_KB for another size), streamed as GET /api/flow/user/export streams it, into a sink that
// counts the bytes. Times it and watches the process's memory while it runs: the peak RSS and ArrayBuffers above what
// they were before (the buffers of documents already sent wait for the garbage collector, which V8 starts once some
// 64 MB of them are let go of, so the peak follows that and the size of one document, not the archive's), and what is
// still held once the garbage is collected (nothing should be). Prints one JSON line.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { buildingProfiles, epcDocuments, homeownerProperties, homeowners, properties } from '../db/schema';
import { DataKey } from '../bankid/data-key';
import { PersonalNumberVault } from '../bankid/personal-number';
import { streamPersonalData } from '../modules/privacy/export';
import { personOf } from '../modules/privacy/personal-data';

const HOMES = 10;
const DOCUMENTS = 20;
const DOCUMENT_BYTES = Number(process.env.BENCH_EXPORT_DOCUMENT_KB ?? 2048) * 1024;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const MB = 1024 * 1024;

/** The archive's bytes are counted and dropped, as a client reading the download as fast as it comes would. */
function countingSink(onChunk: () => void): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      onChunk();
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const outboxDir = path.join(dir, 'outbox');
  fs.mkdirSync(outboxDir);
  const database = await openPglite({ dataDir: path.join(dir, 'db') });
  try {
    const { db } = database;
    await runMigrations(db);
    const vault = new PersonalNumberVault(DataKey.generate());
    const [owner] = await db
      .insert(homeowners)
      .values({
        personalNumberHash: vault.hash('197305133398'),
        personalNumberEncrypted: vault.encrypt('197305133398'),
        personalNumberMasked: '19730513-****',
        name: 'Bench Benchsson',
        contactEmail: 'bench@example.se',
        contactMobile: '+46701234567',
        mailLanguage: 'sv',
      })
      .returning();
    const homes = await db
      .insert(properties)
      .values(
        Array.from({ length: HOMES }, (_, i) => ({
          name: `Exportvägen ${i + 1}, 111 22 Stockholm`,
          street: `Exportvägen ${i + 1}`,
          streetKey: `exportvägen ${i + 1}`,
          postalCode: '11122',
          postalCity: 'Stockholm',
          building: { building_type: 'villa', construction_year: 1975, num_floors: 1, atemp: 130 },
          source: 'import',
        })),
      )
      .returning();
    await db
      .insert(homeownerProperties)
      .values(homes.map((home) => ({ homeownerId: owner!.id, propertyId: home.id, relation: 'flow_added' })));
    const profiles = await db
      .insert(buildingProfiles)
      .values(
        homes.map((home) => ({
          propertyId: home.id,
          homeownerId: owner!.id,
          answers: { num_floors: 1, occupants: 3, indoor_temperature: 21, primary_heating_systems: ['oil'] },
          rates: { energy_carriers_import: { electricity: { cents_per_kwh: 180 } } },
          consumption: { year: 2025, energy_carriers: { electricity: 14000, oil: 1200 } },
          plan: { measures: ['insulation_attic', 'heat_pump_air'], loan: { type: 'Cash' } },
          calculatedClass: 'E',
          calculatedEp: 180,
        })),
      )
      .returning();
    for (let i = 0; i < DOCUMENTS; i++) {
      const profile = profiles[i % HOMES]!;
      await db.insert(epcDocuments).values({
        profileId: profile.id,
        propertyId: profile.propertyId,
        fileName: `document-${i}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: DOCUMENT_BYTES,
        // Scans do not compress: random bytes are what the archive stores them as.
        content: crypto.randomBytes(DOCUMENT_BYTES),
        energyClass: 'D',
      });
    }
    const person = personOf('bench-secret', owner!.id);
    const deps = { db, vault, documentStore: null, outboxDir };

    const times: number[] = [];
    let archiveBytes = 0;
    let rssGrowth = 0;
    let arrayBuffersGrowth = 0;
    let retained = 0;
    for (let run = 0; run <= RUNS; run++) {
      global.gc?.();
      const before = process.memoryUsage();
      const watch = () => {
        const now = process.memoryUsage();
        if (run === 0) return; // the first run warms the code and the database's caches
        rssGrowth = Math.max(rssGrowth, now.rss - before.rss);
        arrayBuffersGrowth = Math.max(arrayBuffersGrowth, now.arrayBuffers - before.arrayBuffers);
      };
      const timer = setInterval(watch, 5);
      const sink = countingSink(watch);
      const started = performance.now();
      await streamPersonalData(deps, person, 'sv', sink);
      const elapsed = performance.now() - started;
      clearInterval(timer);
      watch();
      if (run > 0) times.push(elapsed);
      archiveBytes = sink.bytes;
      // What stays once the garbage is collected (twice: freed buffers are let go of after the first): nothing of the
      // archive should.
      for (let i = 0; i < 2; i++) {
        global.gc?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const after = process.memoryUsage();
      const held = after.arrayBuffers + after.heapUsed - before.arrayBuffers - before.heapUsed;
      process.stderr.write(`run ${run}: ${Math.round(elapsed)} ms, held after it ${(held / MB).toFixed(1)} MB\n`);
      if (run > 0) retained = Math.max(retained, held);
    }
    if (archiveBytes < DOCUMENTS * DOCUMENT_BYTES)
      throw new Error(`the archive has ${archiveBytes} bytes, fewer than its ${DOCUMENTS} documents`);
    times.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    console.log(
      JSON.stringify({
        homes: HOMES,
        documents: DOCUMENTS,
        documentMb: round(DOCUMENT_BYTES / MB),
        archiveMb: round(archiveBytes / MB),
        runs: RUNS,
        medianMs: Math.round(times[Math.floor(times.length / 2)]!),
        maxMs: Math.round(times[times.length - 1]!),
        rssGrowthMb: round(rssGrowth / MB),
        arrayBuffersGrowthMb: round(arrayBuffersGrowth / MB),
        retainedMb: round(retained / MB),
        gc: typeof global.gc === 'function',
      }),
    );
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
