// Installer leads benchmark for `npm run bench -- --only leads` (docs/performance.md "Installer leads"): an installer
// organisation with LEADS leads (default 1,000: 100 homeowners asking about 10 measures each, statuses moved as a
// working installer moves them), and the Requests page's query (leadPage, what GET …/installer-requests answers with)
// timed for each way the page is used: the first page, a status, a measure, a search by street, by postcode as shown
// and by name, the oldest first, and a page deep in the list. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { INSTALLER_MEASURES, leadListQuerySchema, type LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { homeowners, installerRequests, organisations, properties } from '../db/schema';
import { seedDemoStaff } from '../seed/demo-staff';
import { applySelections, leadPage, moveLead } from '../modules/installer-requests/repository';

const PER_HOMEOWNER = 10;
const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
const RUNS = Number(process.env.BENCH_LEAD_RUNS ?? 40);
const INSTALLER = { name: 'Demo Installation AB', identifier: 'demo-installer', logo: '/x.svg', url: '' };
const STREETS = ['Åkervägen', 'Storgatan', 'Älvsborgsgatan', 'Östra Långgatan', 'Kyrkvägen'];
const NAMES = ['Örjan Öberg', 'Åsa Ärlig', 'Anna Andersson', 'Émile Ström', 'Lena Leadsson'];
// The paths leads take (new → …), one per lead in turn: about a third still new, the rest moved on.
const PATHS: LeadStatus[][] = [
  [],
  ['contacted'],
  ['contacted', 'quoted'],
  ['declined'],
  ['contacted', 'quoted', 'won'],
];

const QUERIES: Record<string, Record<string, string>> = {
  'first page (newest 20)': {},
  'status: contacted': { status: 'contacted' },
  [`measure: ${INSTALLER_MEASURES[0]}`]: { measure: INSTALLER_MEASURES[0]! },
  'search: street "åkerv"': { q: 'åkerv' },
  'search: postcode "111 22"': { q: '111 22' },
  'search: name "öberg"': { q: 'öberg' },
  'status + measure + search': { status: 'quoted', measure: INSTALLER_MEASURES[1]!, q: 'gatan' },
  'oldest first': { sort: 'oldest' },
  'page 40 of 50': { page: '40' },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-leads-'));
  const database = await openPglite({ dataDir: path.join(dir, 'db') });
  try {
    const { db } = database;
    await runMigrations(db);
    await seedDemoStaff(db);
    const [energi] = await db.select().from(organisations).where(eq(organisations.slug, 'demo-energi'));
    const [installer] = await db.select().from(organisations).where(eq(organisations.slug, INSTALLER.identifier));
    const owners = Math.ceil(LEADS / PER_HOMEOWNER);
    const homes = await db
      .insert(properties)
      .values(
        Array.from({ length: owners }, (_, i) => ({
          name: `${STREETS[i % STREETS.length]} ${i + 1}, 111 22 Stockholm`,
          street: `${STREETS[i % STREETS.length]} ${i + 1}`,
          streetKey: `${STREETS[i % STREETS.length]!.toLowerCase()} ${i + 1}`,
          postalCode: '11122',
          postalCity: 'Stockholm',
          source: 'import',
        })),
      )
      .returning({ id: properties.id });
    const people = await db
      .insert(homeowners)
      .values(
        Array.from({ length: owners }, (_, i) => ({
          personalNumberHash: `bench-${i}`,
          personalNumberEncrypted: 'x',
          personalNumberMasked: 'x',
          name: `${NAMES[i % NAMES.length]} ${i + 1}`,
        })),
      )
      .returning({ id: homeowners.id });
    const contact = { email: 'lead@example.se', mobile: '+46701234567' };
    const started = Date.now();
    for (let i = 0; i < owners; i++) {
      await applySelections(
        db,
        { homeownerId: people[i]!.id, propertyId: homes[i]!.id, organisationId: energi!.id },
        INSTALLER_MEASURES.slice(0, PER_HOMEOWNER).map((key) => ({ installer: INSTALLER, key, selected: true })),
        contact,
        started,
        'bench',
      );
    }
    // Ages spread over the year and out of step with the ids, as real leads come in.
    await db.execute(
      sql`update ${installerRequests} set created_at = timestamptz '2026-01-01T00:00:00Z'
        + ((${installerRequests.id} * 7919) % 100003) * interval '5 minutes'`,
    );
    const ids = (await db.select({ id: installerRequests.id }).from(installerRequests)).map((r) => r.id).sort();
    for (const [k, id] of ids.entries()) {
      let from: LeadStatus = 'new';
      for (const to of PATHS[k % PATHS.length]!) {
        await moveLead(db, id, from, to, undefined);
        from = to;
      }
    }
    const queries: Record<string, { p50: number; p95: number; total: number }> = {};
    for (const [name, params] of Object.entries(QUERIES)) {
      const query = leadListQuerySchema.parse(params);
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS + 3; run++) {
        const t0 = performance.now();
        total = (await leadPage(db, installer!.id, query)).total;
        if (run >= 3) times.push(performance.now() - t0); // three warm-up runs: the plan and pages cached
      }
      times.sort((a, b) => a - b);
      queries[name] = { p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), total };
    }
    console.log(JSON.stringify({ leads: ids.length, runs: RUNS, queries }));
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
