// Analytics benchmark for `npm run bench`: 1,000,000 properties with a profile each in a fresh
// PostgreSQL database on the server of BENCH_DATABASE_URL, the summaries built by the same triggers the product uses,
// then every analytics API timed through the real app over HTTP. Prints one JSON line for scripts/bench.mjs. The
// database is dropped afterwards. Figures, not a test (the correctness of the summaries is tested in __tests__).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { addDays, todayUtc } from '@home-energy/shared/schemas/dates';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { Mailer } from '../mail/mailer';
import { createMailTransport } from '../mail/transport';
import { RpClient } from '../../bankid/rp-client';
import { openPostgres } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { loadGeoTables } from '../../register/geo-tables';
import { GEO_DIR } from '../../paths';
import { seedDemoStaff } from '../../seed/demo-staff';
import { signInAs } from '../../../test/staff-session';
import { settingDefaults } from '../../config';
import { NOTICE_CONFIG_KEYS } from '../privacy/notice';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1_000_000);
const CHUNK = 100_000;
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 60);
const HOMEOWNERS = Math.round(PROPERTIES * 0.3);

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.log(JSON.stringify({ skipped: 'BENCH_DATABASE_URL is not set' }));
  process.exit(0);
}

const log = (message: string) => process.stderr.write(`analytics bench: ${message}\n`);
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function inChunks(
  pool: pg.Pool,
  label: string,
  total: number,
  sql: (from: number, to: number) => string,
): Promise<number> {
  const started = performance.now();
  for (let from = 1; from <= total; from += CHUNK) {
    await pool.query(sql(from, Math.min(total, from + CHUNK - 1)));
  }
  const took = seconds(started);
  log(`${label}: ${total.toLocaleString('en')} rows in ${took} s`);
  return took;
}

/**
 * 1M properties and profiles over three organisations (60/30/10 %) and three years, with their facts, activity and
 * requests.
 */
async function seed(pool: pg.Pool): Promise<Record<string, number>> {
  const orgs = (await pool.query<{ id: number; slug: string }>('select id, slug from organisations order by id')).rows;
  const id = (slug: string) => orgs.find((o) => o.slug === slug)!.id;
  const [energi, bank, installer] = [id('demo-energi'), id('demo-bank'), id('demo-installer')];
  const orgOf = (n: string) =>
    `(case when ${n} % 10 < 6 then ${energi} when ${n} % 10 < 9 then ${bank} else ${installer} end)`;
  // A day in the last three years from a number (deterministic, spread evenly).
  const when = (n: string) =>
    `(now() - ((${n}::bigint * 7919) % 1095) * interval '1 day' - ((${n} * 31) % 86400) * interval '1 second')`;
  const timings: Record<string, number> = {};
  timings.properties = await inChunks(
    pool,
    'properties',
    PROPERTIES,
    (a, b) => `
    insert into properties (name, street, street_key, postal_code, postal_city, price_area, building, source)
    select 'Benchgatan ' || n || ', 111 22 Bench', 'Benchgatan ' || n, 'benchgatan ' || n, (11000 + n % 80000)::text,
    'Bench', 'SE3',
      jsonb_build_object('building_type', (array['villa','radhus','parhus','kedjehus','flerbostadshus'])[1 + n % 5],
      'construction_year', 1900 + n % 124,
        'atemp', 60 + n % 240, 'num_floors', 1 + n % 3, 'primary_heating_systems',
        jsonb_build_array((array['district_heating','heat_pump_air','heat_pump_airwater','heat_pump_geothermal',
          'electric_direct','oil','pellets','wood'])[1 + n % 8])),
      'import'
    from generate_series(${a}, ${b}) n`,
  );
  timings.homeowners = await inChunks(
    pool,
    'homeowners',
    HOMEOWNERS,
    (a, b) => `
    insert into homeowners (personal_number_hash, personal_number_encrypted, personal_number_masked, name, created_at,
    last_sign_in_at)
    select 'bench-' || n, 'x', '19800101-****', 'Bench ' || n, ${when('n')}, null from generate_series(${a}, ${b}) n`,
  );
  const firstProperty = (await pool.query<{ id: number }>('select min(id)::int as id from properties')).rows[0]!.id;
  const firstHomeowner = (await pool.query<{ id: number }>('select min(id)::int as id from homeowners')).rows[0]!.id;
  timings.profiles = await inChunks(
    pool,
    'building_profiles',
    PROPERTIES,
    (a, b) => `
    insert into building_profiles (property_id, homeowner_id, visitor_id, organisation_id, answers, calculated_class,
    computed_at, created_at, updated_at)
    select ${firstProperty - 1} + n,
      case when n % 10 < 3 then ${firstHomeowner} + (n % ${HOMEOWNERS}) end,
      case when n % 10 >= 3 then md5('visitor:' || n)::uuid end,
      ${orgOf('n')}, jsonb_build_object('occupants', 1 + n % 5), (array['A','B','C','D','E','F','G'])[1 + (n * 7) % 7],
      ${when('n')}, ${when('n')}, ${when('n')} + (n % 30) * interval '1 day'
    from generate_series(${a}, ${b}) n`,
  );
  const firstProfile = (await pool.query<{ id: number }>('select min(id)::int as id from building_profiles')).rows[0]!
    .id;
  timings.insights = await inChunks(
    pool,
    'profile_insights (the summaries follow by trigger)',
    PROPERTIES,
    (a, b) => `
    insert into profile_insights (profile_id, organisation_id, property_id, day, label, calculated_class, after_class,
    building_type, year_band, heating,
      recommended, completed, energy_now, energy_after, cost_now, cost_after, co2_now, co2_after, carriers_now,
      carriers_after, issues, answers_hash, facts_hash)
    select bp.id, bp.organisation_id, bp.property_id, (bp.created_at at time zone 'UTC')::date, c.now, c.now, c.after,
      (array['villa','radhus','parhus','kedjehus','flerbostadshus'])[1 + n % 5],
      (array['before_1930','1930_1959','1960_1975','1976_1990','1991_2010','2011_later'])[1 + n % 6],
      (array['district_heating','heat_pump_air','heat_pump_airwater','heat_pump_geothermal',
        'electric_direct','oil','pellets','wood'])[1 + n % 8],
      (array['insulation_attic','heat_pump_airwater','solar_panel_installation','energy_efficient_windows',
        'low_flush_faucets','top_of_the_line'])[1:2 + n % 5],
      (array['heat_pump_air','window_film'])[1:n % 3],
      15000 + n % 20000, 9000 + n % 9000, 20000 + n % 25000, 12000 + n % 10000, 400 + n % 2000, 150 + n % 800,
      jsonb_build_object('electricity', 10000 + n % 15000, 'district_heating', 5000 + n % 5000),
      jsonb_build_object('electricity', 9000 + n % 9000),
      case when n % 50 = 0 then array['atemp_per_floor'] else '{}'::text[] end, md5(n::text), md5('f' || n)
    from generate_series(${a}, ${b}) n
    join building_profiles bp on bp.id = ${firstProfile - 1} + n
    cross join lateral (select (array['A','B','C','D','E','F','G'])[1 + (n * 7) % 7] as now,
    (array['A','B','C','D','E','F','G'])[1 + greatest(0, (n * 7) % 7 - 2)] as after) c`,
  );
  timings.interactions = await inChunks(
    pool,
    'interactions',
    PROPERTIES,
    (a, b) => `
    insert into interactions (action, object, property_id, visitor_id, organisation_id, created_at)
    select (array['property_search.start','loan_type.change','contact.submit'])[1 + n % 3], null,
    ${firstProperty - 1} + n,
    md5('visitor:' || n)::uuid, ${orgOf('n')}, ${when('n')}
    from generate_series(${a}, ${b}) n`,
  );
  timings.installerRequests = await inChunks(
    pool,
    'installer_requests',
    Math.round(PROPERTIES / 10),
    (a, b) => `
    insert into installer_requests (homeowner_id, property_id, organisation_id, installer_identifier, installer_name,
    activity_key, created_at)
    select ${firstHomeowner} + (n % ${HOMEOWNERS}), ${firstProperty - 1} + n, ${orgOf('n')}, 'bench-installer',
    'Bench Installer AB',
      (array['insulation_attic','heat_pump_airwater','solar_panel_installation'])[1 + n % 3], ${when('n')}
    from generate_series(${a}, ${b}) n`,
  );
  const started = performance.now();
  await pool.query('vacuum analyze');
  timings.vacuumAnalyze = seconds(started);
  return timings;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

// BENCH_ANALYTICS_KEEP=<name> keeps the seeded database under that name and reuses it on the next run (new migrations
// are applied, the seed is skipped), so a query can be tuned against 1M homes without re-seeding for ten minutes.
const KEEP = process.env.BENCH_ANALYTICS_KEEP;
if (KEEP !== undefined && !/^[a-z_][a-z0-9_]*$/.test(KEEP))
  throw new Error('BENCH_ANALYTICS_KEEP must be a plain lower-case database name');

async function main(): Promise<void> {
  const name = KEEP ?? `he_analytics_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  let server: import('node:http').Server | undefined;
  try {
    const started = performance.now();
    await runMigrations(database.db);
    const seeded =
      exists &&
      Number((await database.pool.query('select count(*) as n from profile_insights')).rows[0].n) === PROPERTIES;
    if (exists && !seeded)
      throw new Error(`database ${name} exists but does not hold ${PROPERTIES} homes: drop it or pick another name`);
    if (seeded) log(`reusing the seeded database ${name}`);
    else await seedDemoStaff(database.db);
    const seeding = seeded ? { reused: 0 } : await seed(database.pool);
    const seedSeconds = seconds(started);
    const summaryRows = Number((await database.pool.query('select count(*) as n from analytics_daily')).rows[0].n);

    const app = createApp({
      config: {
        SHELL_DIST: path.join(process.cwd(), 'shell', 'dist'),
        releasesDir: path.join(process.cwd(), '.bench-releases'),
        TRUST_PROXY: 'loopback',
        NODE_ENV: 'production',
        demo: true,
        AUTH_BASE_PATH: '/api/auth',
        PUBLIC_URL: undefined,
        SIGNIN_RATE_LIMIT: 1000,
        secureCookies: false,
        BANKID_START_RATE_LIMIT: 1000,
        FAKE_LOGIN: false,
        STREETVIEW_API_KEY: undefined,
        SEARCH_RATE_LIMIT: 1000,
        FLOW_WRITE_RATE_LIMIT: 1_000_000,
        BEACON_RATE_LIMIT: 1_000_000,
        CANARY_SESSIONS: 50,
        CANARY_ERROR_MARGIN: 0.1,
        CANARY_SESSIONS_PER_NETWORK: 2,
        CANARY_SPEED_MARGIN: 0.25,
        VITALS_SAMPLE_RATE: 1,
        VITALS_RATE_LIMIT: 1_000_000,
        DOCUMENT_RATE_LIMIT: 1000,
        EXPORT_RATE_LIMIT: 1000,
        DOCUMENTS_PER_PROPERTY: 1000,
        DOCUMENT_MB_PER_DAY: 10_000,
        ...settingDefaults(NOTICE_CONFIG_KEYS),
        DEFAULT_BRAND: 'demo-energi',
        CONFIG_BUCKET_NAME: 'brand-config',
        bucketsDir: path.join(process.cwd(), '.bench-buckets'),
        outboxDir: path.join(process.cwd(), '.bench-outbox'),
        PASSWORD_RESET_RATE_LIMIT: 1000,
        s3: null,
        MFE_PUBLIC_URL: undefined,
        RELEASE_UPLOAD_MB: 50,
        RELEASE_UPLOAD_FILES: 500,
      },
      db: database.db,
      pool: database.pool,
      logger: pino({ level: 'silent' }),
      authSecret: crypto.randomBytes(32).toString('hex'),
      pruneSessions: false,
      rp: new RpClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 1000 }),
      geo: loadGeoTables(GEO_DIR),
      mailer: new Mailer(
        createMailTransport({
          from: 'bench@home-energy.invalid',
          outboxDir: path.join(process.cwd(), '.bench-outbox'),
        }),
        pino({ level: 'silent' }),
        'http://127.0.0.1',
      ),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const agent = request.agent(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await signInAs(agent, 'super@demo.test').expect(200);

    const today = todayUtc();
    const periods = [`from=${addDays(today, -364)}&to=${today}`, '', `from=${addDays(today, -29)}&to=${today}`];
    const apis = ['properties', 'activities', 'users', 'transition', 'portfolio'];
    const results: Record<string, { p50Ms: number; p95Ms: number; maxMs: number; runs: number }> = {};
    for (const api of [...apis.map((a) => `analytics/${a}`), 'overview']) {
      // The overview takes no period (it answers 400 to unknown parameters); the analytics pages take one.
      const call = (i: number) =>
        agent.get(`/api/console/org/demo-energi/${api}${api === 'overview' ? '' : `?${periods[i % periods.length]}`}`);
      for (let i = 0; i < 6; i++) await call(i).expect(200);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await call(i).expect(200);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      results[api] = {
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(times.at(-1)!),
        runs: RUNS,
      };
    }

    // At this scale the pre-aggregated answer still equals a straightforward query over the homes, which is what the
    // summary saves us from running on every page view.
    const energi = (await database.pool.query("select id from organisations where slug = 'demo-energi'")).rows[0].id;
    const api = (await agent.get('/api/console/org/demo-energi/analytics/properties').expect(200)).body as {
      total: number;
      byLabel: { key: string; count: number }[];
    };
    const t0 = performance.now();
    const direct = (
      await database.pool.query<{ label: string; n: string }>(
        'select label, count(*) as n from profile_insights where organisation_id = $1 group by label',
        [energi],
      )
    ).rows;
    const directMs = round(performance.now() - t0);
    const matches =
      direct.every((r) => api.byLabel.find((l) => l.key === r.label)?.count === Number(r.n)) &&
      api.total === direct.reduce((s, r) => s + Number(r.n), 0);
    const homes = Number(
      (await database.pool.query('select count(*) as n from profile_insights where organisation_id = $1', [energi]))
        .rows[0].n,
    );

    console.log(
      JSON.stringify({
        properties: PROPERTIES,
        organisationHomes: homes,
        seedSeconds,
        seeding,
        summaryRows,
        apis: results,
        check: { matches, directLabelQueryMs: directMs },
      }),
    );
  } finally {
    server?.close();
    await database.close();
    if (!KEEP) {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
