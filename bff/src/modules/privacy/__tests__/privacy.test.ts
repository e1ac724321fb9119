import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import AdmZip from 'adm-zip';
import pino from 'pino';
import { z } from 'zod';
import {
  personalDataExportSchema,
  EXPORT_SECTIONS,
  exportSectionSchemas,
  type ExportSection,
} from '@home-energy/shared/schemas/privacy';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { IDENTIFICATION_MODES, LOGIN_METHODS } from '@home-energy/shared/schemas/bankid';
import { INTERACTION_ACTIONS } from '@home-energy/shared/schemas/activity-keys';
import { LEAD_STATUSES } from '@home-energy/shared/schemas/installer-leads';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { insertRegisterRows } from '../../property/repository';
import { offersInstallers } from '../../installer-requests/measures';
import { COLLECT_INTERVAL_MS } from '../../homeowner/orders';
import { startBankIdTestWorld, type BankIdTestWorld } from '../../../../test/test-world';
import { confirmEmailFromOutbox } from '../../../../test/confirm-email';
import { signInAs } from '../../../../test/staff-session';
import type { Agent } from '../../../../test/actors';
import { MATRIX_PDF } from '../../../../hardening/authorization-matrix';
import { fieldHeading, sectionSource, valueText } from '../export';
import { ORPHAN_GRACE_MS, retentionEraser, sweepOrphanDocuments } from '../erasure';
import { localFolderStore } from '../../../storage/local-folder-store';
import { PERSONAL_DATA, pseudonymOf } from '../personal-data';
import { sweepRetention } from '../retention';
import { TEST_SECRET } from '../../../../test/test-app';
import { defaultQuestions } from '../../questions/catalogue';
import { formatsFor } from '@home-energy/shared/format/formats';
import { ENERGY_TEXTS } from '@home-energy/shared/i18n/energy';
import { answerLines } from '../home-words';

let world: BankIdTestWorld;
let offset = 0;
const homes: number[] = [];

/** A homeowner the test fills with everything the product keeps, and the forms their data is stored in. */
interface Person {
  personalNumber: string;
  name: string;
  email: string;
  mobile: string;
  /** Every form of the above the product could have stored, for the search after erasure. */
  needles: string[];
}

function person(n: number): Person {
  const personalNumber = `1973051${n}3398`;
  const mobile = `07012398${70 + n}`;
  return {
    personalNumber,
    name: `Greta Raderasdotter${n}`,
    email: `greta${n}.raderas@example.se`,
    mobile,
    needles: [
      `Raderasdotter${n}`,
      `greta${n}.raderas@example.se`,
      personalNumber,
      `${personalNumber.slice(0, 8)}-${personalNumber.slice(8)}`,
      `${personalNumber.slice(2, 8)}-${personalNumber.slice(8)}`,
      personalNumber.slice(2),
      mobile,
      `+46${mobile.slice(1)}`,
      `46${mobile.slice(1)}`,
      `${mobile.slice(0, 3)}-${mobile.slice(3)}`,
    ],
  };
}

beforeAll(async () => {
  world = await startBankIdTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true, EXPORT_RATE_LIMIT: 4 },
    now: () => Date.now() + offset,
  });
  await insertRegisterRows(
    world.database.db,
    [1, 2].map((i) => ({
      street: `Raderingsvägen ${i}`,
      streetKey: `raderingsvägen ${i}`,
      postalCode: '11122',
      postalCity: 'Stockholm',
      building: {
        building_type: 'villa',
        construction_year: 1975,
        num_floors: 1,
        atemp: 130,
        primary_heating_systems: ['oil'],
      },
    })),
    'import',
  );
  homes.push(...(await world.database.pool.query('select id from properties order by id')).rows.map((r) => r.id));
});
afterAll(() => world.close());

const csrf = async (agent: Agent) => (await agent.get('/api/auth/csrf')).body.csrfToken as string;
const ok = <T extends { status: number; text: string }>(res: T, what: string) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res;
};

async function signIn(who: Person): Promise<Agent> {
  const agent = request.agent(world.app);
  ok(
    await agent.post('/api/flow/user/fake-login').send({ personalNumber: who.personalNumber, name: who.name }),
    'login',
  );
  return agent;
}

/** The first home's answers: one of each kind of question (a number, with a unit, a choice, several, yes or no). */
const ANSWERS = {
  num_floors: 1,
  primary_heating_systems: ['oil'],
  floor_plan: 'partly_open',
  indoor_temperature: 21.5,
  wallbox: true,
};

/** Everything the product keeps about a homeowner: homes, answers, prices, consumption, plan, document, request. */
async function fill(who: Person): Promise<Agent> {
  const agent = await signIn(who);
  const home = homes[0]!;
  const building = ok(await agent.post(`/api/flow/property/${home}/building`).send({ answers: ANSWERS }), 'b');
  ok(await agent.post(`/api/flow/property/${homes[1]}/building`).send({ answers: { num_floors: 2 } }), 'second home');
  ok(
    await agent
      .post(`/api/flow/property/${home}/rates`)
      .send({ energy_carriers_import: { electricity: { cents_per_kwh: 180 } } }),
    'rates',
  );
  ok(
    await agent
      .post(`/api/flow/property/${home}/consumption`)
      .send({ year: 2024, energy_carriers: { electricity: 14000 } }),
    'consumption',
  );
  ok(
    await agent
      .post(`/api/flow/property/${home}/plan`)
      .send({ measures: ['insulation_attic'], loan: { type: 'Cash' } }),
    'plan',
  );
  ok(
    await agent
      .post(`/api/flow/property/${home}/document`)
      .field('energy_class', 'C')
      .attach('file', MATRIX_PDF, 'epc.pdf'),
    'document',
  );
  ok(await agent.post('/api/flow/interaction').send({ action: 'open_results', property_id: home }), 'interaction');
  ok(await agent.patch('/api/flow/user/profile').send({ properties: homes, selectedPropertyId: home }), 'my homes');
  ok(
    await agent
      .post('/api/flow/user/profile/contact')
      .set('X-UI-Language', 'en')
      .send({ name: who.name, email: who.email, mobile: who.mobile }),
    'contact',
  );
  await confirmEmailFromOutbox(world, who.email);
  const key = (building.body.recommendations as Activity[]).find(offersInstallers)!.name;
  ok(
    await agent
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key, selected: true }]),
    'installer request',
  );
  const installer = request.agent(world.app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
  const { requests } = (await installer.get('/api/console/org/demo-installer/installer-requests')).body;
  const lead = requests.find((r: { homeowner: { name: string } }) => r.homeowner.name === who.name);
  ok(
    await installer
      .patch(`/api/console/org/demo-installer/installer-requests/${lead.id}`)
      .send({ status: 'contacted', note: `Called ${who.name} at ${who.mobile}` }),
    'lead contacted',
  );
  await world.app.mailer.idle();
  return agent;
}

/** A download as the browser gets it: the whole archive. */
async function download(pending: request.Test): Promise<{ status: number; zip: AdmZip | null; res: request.Response }> {
  const res = await pending.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return { status: res.status, zip: res.status === 200 ? new AdmZip(res.body as Buffer) : null, res };
}

/**
 * The cells of the readable page that show a code or data rather than words: a cell that is one (`staff`, `lead_list`,
 * `bankid.same_device`, `sv`, `true`), a snake_case word inside one, a time as data.json writes it, or JSON (braces,
 * brackets, quotes, a `<pre>`), whichever section it is in.
 */
function rawCodes(page: string): string[] {
  const cells = [...page.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
  expect(cells.length).toBeGreaterThan(60);
  return cells.filter(
    (c) =>
      /^[a-z]+([._][a-z]+)*$/.test(c) ||
      /\b[a-z]+_[a-z_]+\b/.test(c) ||
      /\d{4}-\d\d-\d\dT\d\d/.test(c) ||
      /[{}[\]]|&#34;|<pre>|\n/.test(c),
  );
}

/** The rows of the table under a heading of the page (the first table after it), as their cells' text. */
function tableAfter(page: string, heading: string): string[][] {
  const start = page.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const table = page.slice(start).match(/<tbody>([\s\S]*?)<\/tbody>/)![1]!;
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!),
  );
}

/**
 * What the readable page says of the first home in a language: its answers as the questions page asks them (the
 * platform's texts, which the demo organisation's set is seeded with), its price, its consumption and its plan with the
 * figures saved with it, in the dashboard's formats.
 */
function expectHomeInWords(page: string, language: 'sv' | 'en', plan: { figures: Record<string, number> }) {
  const question = (key: string) => defaultQuestions().find((q) => q.key === key)!.texts[language];
  const format = formatsFor(language);
  const words = {
    sv: {
      answers: '<h4>Svar</h4>',
      prices: '<h4>Priser</h4>',
      use: '<h4>Uppmätt förbrukning</h4>',
      plan: '<h4>Plan</h4>',
    },
    en: {
      answers: '<h4>Answers</h4>',
      prices: '<h4>Prices</h4>',
      use: '<h4>Metered consumption</h4>',
      plan: '<h4>Plan</h4>',
    },
  }[language];
  const yes = language === 'sv' ? 'Ja' : 'Yes';
  // In the order the questions page asks them.
  expect(tableAfter(page, words.answers)).toEqual([
    [question('num_floors').header, '1'],
    [question('primary_heating_systems').header, ENERGY_TEXTS[language].heating.oil],
    [question('floor_plan').header, question('floor_plan').options!.partly_open!],
    [question('indoor_temperature').header, `${language === 'sv' ? '21,5' : '21.5'} °C`],
    [question('wallbox').header, yes],
  ]);
  const electricity = ENERGY_TEXTS[language].carriers.electricity;
  expect(tableAfter(page, words.prices)).toEqual([
    [electricity, language === 'sv' ? 'Köpt' : 'Bought', `${language === 'sv' ? '1,80' : '1.80'} kr/kWh`, '–'],
  ]);
  expect(tableAfter(page, words.use)).toEqual([['2024', electricity, '14 000 kWh']]);
  const { investment_cost: investment, energy_cost_savings: kr, kwh_saved_bought: kwh } = plan.figures;
  const payback = format.years(Math.round((investment! / kr!) * 10) / 10);
  expect(tableAfter(page, words.plan)).toEqual(
    expect.arrayContaining([
      [language === 'sv' ? 'Åtgärder' : 'Measures', ENERGY_TEXTS[language].measures.insulation_attic],
      [language === 'sv' ? 'Investering (före bidrag)' : 'Investment (before subsidies)', format.kr(investment!)],
      [language === 'sv' ? 'Sparar per år' : 'Saves a year', `${format.kwh(kwh!)} · ${format.kr(kr!)}`],
      [language === 'sv' ? 'Återbetald på' : 'Pays back in', `${payback} ${language === 'sv' ? 'år' : 'years'}`],
      [language === 'sv' ? 'Finansieras med' : 'Financed with', language === 'sv' ? 'Kontant' : 'Cash'],
    ]),
  );
}

/** Every row of every table in the database, each column cast to text, that holds one of the needles. */
async function findAnywhere(needles: string[]): Promise<string[]> {
  const { rows: columns } = await world.database.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  const found: string[] = [];
  const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
  for (const [table, cols] of tables) {
    const text = cols.map((c) => `coalesce("${c}"::text, '')`).join(` || ' ' || `);
    const { rows } = await world.database.pool.query(
      `select ${text} as row from "${table}" where lower(${text}) like any($1::text[])`,
      [patterns],
    );
    for (const row of rows) found.push(`${table}: ${String(row.row).slice(0, 200)}`);
  }
  return found;
}

/** The BankID order this session started, as the simulator (the person's phone) has it. */
async function startValidate(
  agent: Agent,
  purpose: 'delete_account' | undefined,
  language = 'en',
): Promise<{ orderRef: string; userVisibleData: string; qrData: string }> {
  const csrfToken = await csrf(agent); // before the request: the agent attaches cookies when it is made
  const started = await agent
    .post('/api/flow/user/sign')
    .set('X-UI-Language', language)
    .send({ csrfToken, loginMethod: 'bankid.other_device', identificationMode: 'validate', purpose });
  ok(started, 'start validate');
  const { orders } = (await request(world.simulator.url).get('/simulator/api/orders').expect(200)).body;
  const token = (started.body.qrData as string).split('.')[1];
  return { ...orders.find((o: { qrStartToken: string }) => o.qrStartToken === token), qrData: started.body.qrData };
}

async function confirmWithBankId(
  agent: Agent,
  personalNumber: string,
  purpose?: 'delete_account',
): Promise<{ userVisibleData: string }> {
  const order = await startValidate(agent, purpose);
  const { orderRef, qrData } = order;
  await request(world.simulator.url).post('/simulator/api/scan').send({ qrData }).expect(200);
  await request(world.simulator.url)
    .post(`/simulator/api/orders/${orderRef}/approve`)
    .send({ personalNumber, name: 'x', givenName: 'x', surname: 'x' })
    .expect(200);
  offset += COLLECT_INTERVAL_MS;
  expect((await agent.get('/api/flow/user/sign').expect(200)).body.requestStatus).toBe('complete');
  return order;
}

const analyticsTotals = async () =>
  (
    await world.database.pool.query(
      `select metric, sum(n)::int as n, sum(total)::bigint::text as total from analytics_daily
       group by metric order by metric`,
    )
  ).rows;

describe('the personal-data list', () => {
  it('gives every section of data.json a source, and names only tables that exist', async () => {
    for (const section of EXPORT_SECTIONS) expect(() => sectionSource(section)).not.toThrow();
    const { rows } = await world.database.pool.query(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = new Set(rows.map((r) => r.table_name));
    for (const entry of PERSONAL_DATA) expect(tables).toContain(entry.table);
  });

  it('names every field and says every code of data.json in words on the readable page, in Swedish and English', () => {
    const unnamed: string[] = [];
    for (const [section, schema] of Object.entries(exportSectionSchemas)) {
      const rows: z.ZodType = schema instanceof z.ZodArray ? schema.element : schema;
      if (!(rows instanceof z.ZodObject)) continue; // a section whose fields its table will say
      for (const key of Object.keys(rows.shape))
        for (const language of ['sv', 'en'] as const)
          if (fieldHeading(language, section as ExportSection, key) === key.replaceAll('_', ' '))
            unnamed.push(`${language} ${section}.${key}`);
    }
    expect(unnamed).toEqual([]);
    expect(fieldHeading('sv', 'homes', 'name')).toBe('Adress');
    expect(fieldHeading('en', 'profile', 'name')).toBe('Name');

    // The codes the schema lists (roles, pages, statuses, shared details, languages, verdicts), and the ones it keeps
    // as plain strings that the product writes from lists of its own.
    const codes: [ExportSection, string, readonly unknown[]][] = [
      ['installer_requests', 'status', LEAD_STATUSES],
      ['homes', 'relation', ['flow_added', 'profile_added', 'miniflow_added']],
      ['bankid_orders', 'login_method', LOGIN_METHODS],
      ['bankid_orders', 'purpose', IDENTIFICATION_MODES],
      ['bankid_orders', 'status', ['pending', 'complete', 'failed']],
      ['interactions', 'action', [...INTERACTION_ACTIONS, 'open_results']],
      ['interactions', 'object', ['address_search', 'contact_form', 'Private']],
      ['data_requests', 'action', ['privacy.export', 'privacy.erase']],
    ];
    for (const [section, schema] of Object.entries(exportSectionSchemas)) {
      const rows: z.ZodType = schema instanceof z.ZodArray ? schema.element : schema;
      if (!(rows instanceof z.ZodObject)) continue;
      for (const [key, field] of Object.entries(rows.shape as Record<string, z.ZodType>)) {
        const nullable = field instanceof z.ZodNullable ? (field.unwrap() as z.ZodType) : field;
        const list = nullable instanceof z.ZodArray;
        const type = nullable instanceof z.ZodArray ? (nullable.element as z.ZodType) : nullable;
        if (type instanceof z.ZodEnum)
          codes.push([section as ExportSection, key, type.options.map((o) => (list ? [o] : o))]);
        if (type instanceof z.ZodBoolean) codes.push([section as ExportSection, key, [true, false]]);
      }
    }
    expect(codes.map(([section, key]) => `${section}.${key}`)).toEqual(
      expect.arrayContaining(['access_log.role', 'access_log.reason', 'consents.shared', 'documents.status']),
    );
    const raw: string[] = [];
    for (const [section, key, values] of codes)
      for (const value of values)
        for (const language of ['sv', 'en'] as const) {
          const text = valueText(language, section, key, value);
          const code = String(value);
          if (!text || text === code || /[a-z]+[._][a-z]+/.test(text))
            raw.push(`${language} ${section}.${key} ${code}: ${text}`);
        }
    expect(raw).toEqual([]);
    // My homes' words for who saw the data, as a cell of a table.
    expect(valueText('sv', 'access_log', 'reason', 'lead_list')).toBe('Lista över installatörsförfrågningar');
    expect(valueText('en', 'access_log', 'role', 'super_admin')).toBe('Service administrator');
    expect(valueText('en', 'access_log', 'organisation', '')).toBe('The service’s administrators');
    expect(valueText('sv', 'sessions', 'expires_at', '2026-01-05T09:00:00.000Z')).toBe('2026-01-05 10:00 CET');
  });
});

describe("a home's answers on the readable page", () => {
  it('asks each in the words and order of the set it was answered under, the value in words or with its unit', () => {
    const platform = defaultQuestions();
    const header = (key: string, language: 'sv' | 'en') => platform.find((q) => q.key === key)!.texts[language].header;
    // An organisation that asks in its own order and has taken one question away.
    const own = platform.filter((q) => q.key !== 'wallbox').reverse();
    const answers = { building_type: 'radhus', atemp: 1234, construction_year: 1975, wallbox: false, gone_away: 3 };
    expect(answerLines('sv', own, platform, answers)).toEqual([
      [header('atemp', 'sv'), '1 234 m²'],
      [header('construction_year', 'sv'), '1975'],
      [header('building_type', 'sv'), 'Radhus'],
      [header('wallbox', 'sv'), 'Nej'],
      ['Gone away', '3'],
    ]);
    expect(answerLines('en', own, platform, { building_type: 'radhus' })).toEqual([
      [header('building_type', 'en'), 'Terraced house'],
    ]);
  });
});

describe('GET /api/flow/user/export', () => {
  const greta = person(1);
  let agent: Agent;
  beforeAll(async () => {
    agent = await fill(greta);
  });

  it('is for a signed-in homeowner only', async () => {
    const res = await request(world.app).get('/api/flow/user/export').expect(401);
    expect(res.body.error).toBe('unauthorized');
    await request(world.app).get('/api/flow/user/export?x=1').expect(400);
    const bad = await agent.get('/api/flow/user/export?lang=de').expect(400);
    expect(JSON.stringify(bad.body.issues)).toContain('query.lang');
  });

  it('streams one archive: data.json valid against the schema, the page, the document and the mails', async () => {
    const { status, zip, res } = await download(agent.get('/api/flow/user/export').set('X-UI-Language', 'en'));
    expect(status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="home-energy-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const data = personalDataExportSchema.parse(JSON.parse(zip!.readAsText('data.json')));
    expect(data.language).toBe('en');
    expect(data.profile).toMatchObject({
      personal_number: greta.personalNumber,
      name: greta.name,
      contact_email: greta.email,
      contact_mobile: `+46${greta.mobile.slice(1)}`,
      brand: 'demo-energi',
    });
    expect(data.homes.map((h) => h.property_id)).toEqual(homes);
    expect(data.home_profiles.map((p) => p.property_id).sort()).toEqual([...homes].sort());
    const profile = data.home_profiles.find((p) => p.property_id === homes[0])!;
    expect(profile.consumption).toMatchObject({ year: 2024 });
    expect(profile.plan).toMatchObject({ measures: ['insulation_attic'] });
    expect(data.documents).toHaveLength(1);
    expect(zip!.readFile(data.documents[0]!.file)).toEqual(MATRIX_PDF);
    expect(data.installer_requests).toHaveLength(1);
    expect(data.installer_requests[0]!.history.map((h) => h.status)).toEqual(['new', 'contacted']);
    expect(data.installer_requests[0]!.note).toContain(greta.name);
    expect(data.interactions.map((i) => i.action)).toContain('open_results');
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    const subjects = data.mails.map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Confirm your email address']));
    // The lead mailed to the installer's staff names them too.
    expect(data.mails.some((m) => m.to === 'staff@installer.demo.test')).toBe(true);
    for (const mail of data.mails) expect(zip!.readAsText(mail.file)).toContain('Subject:');
    // The share with the installer, and the installer's staff who listed and moved the lead.
    expect(data.consents).toEqual([
      {
        id: expect.any(Number),
        installer_request_id: data.installer_requests[0]!.id,
        recipient: 'Demo Installation AB',
        measure: data.installer_requests[0]!.measure,
        shared: ['name', 'email', 'mobile'],
        notice_version: expect.stringMatching(/^[0-9a-f]{12}$/),
        given_at: expect.any(String),
        withdrawn_at: null,
      },
    ]);
    const seen = { organisation: 'Demo Installation AB', role: 'staff', impersonating: false };
    expect(data.access_log).toEqual([
      { ...seen, reason: 'lead_list', at: expect.any(String) },
      { ...seen, reason: 'lead', at: expect.any(String) },
    ]);
    expect(data.installer_requests[0]!.personal_data_removed_at).toBeNull();
    expect(data.profile.inactivity_notice_at).toBeNull();
    const page = zip!.readAsText('index.html');
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Your data at Home Energy');
    expect(page).toContain(greta.name);
    expect(page).toContain('<h2>Your requests to installers</h2>');
    expect(page).toContain('<tr><th scope="row">Personal number</th>');
    expect(page).toContain('<th scope="col">Address</th>');
    const headings = [...page.matchAll(/<th scope="(?:col|row)">([^<]*)<\/th>/g)].map((m) => m[1]!);
    expect(headings.length).toBeGreaterThan(40);
    // Words, never the raw fields of data.json (personal_number, created_at, …).
    expect(headings.filter((h) => !/^[A-Z]/.test(h) || h.includes('_'))).toEqual([]);
    expect(rawCodes(page)).toEqual([]);
    expectHomeInWords(page, 'en', profile.plan as { figures: Record<string, number> });
    expect(page).toContain('<td>Demo Installation AB</td><td>Staff</td><td>No</td><td>List of installer requests</td>');
    expect(page).toContain('<td>English</td>');
  });

  it('writes the page in Swedish for a Swedish page', async () => {
    const { zip } = await download(agent.get('/api/flow/user/export').set('X-UI-Language', 'sv'));
    const page = zip!.readAsText('index.html');
    // The download link names the page's language: it wins over the header a link never sends.
    const linked = await download(agent.get('/api/flow/user/export?lang=sv').set('X-UI-Language', 'en'));
    expect(linked.status).toBe(200);
    expect(linked.zip!.readAsText('index.html')).toContain('<html lang="sv">');
    expect(page).toContain('<html lang="sv">');
    expect(page).toContain('Dina uppgifter hos Home Energy');
    expect(page).toContain('<h2>Dina förfrågningar till installatörer</h2>');
    expect(page).toContain('<tr><th scope="row">Personnummer</th>');
    expect(page).toContain('<th scope="col">Adress</th>');
    expect(rawCodes(page)).toEqual([]);
    const data = JSON.parse(zip!.readAsText('data.json'));
    const profile = data.home_profiles.find((p: { property_id: number }) => p.property_id === homes[0]);
    expectHomeInWords(page, 'sv', profile.plan);
    expect(page).toContain(
      '<td>Demo Installation AB</td><td>Personal</td><td>Nej</td><td>Din installatörsförfrågan</td>',
    );
    expect(page).toContain('<td>Engelska</td>');
    expect(JSON.parse(zip!.readAsText('data.json')).language).toBe('sv');
  });

  it('is limited per homeowner and hour', async () => {
    const other = await signIn(person(2));
    for (let i = 0; i < 4; i++) expect((await download(other.get('/api/flow/user/export'))).status).toBe(200);
    const refused = await other.get('/api/flow/user/export').expect(429);
    expect(refused.body.error).toBe('too_many_requests');
  });
});

describe('sweepOrphanDocuments: document files an erasure left in the object store', () => {
  let root: string;
  beforeAll(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'orphan-documents-'))));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('deletes a file no document row names once it is an hour old, and keeps a file with a row', async () => {
    const agent = await signIn(person(5));
    ok(await agent.post(`/api/flow/property/${homes[0]}/building`).send({ answers: { num_floors: 1 } }), 'answers');
    const uploaded = ok(
      await agent
        .post(`/api/flow/property/${homes[0]}/document`)
        .field('energy_class', 'C')
        .attach('file', MATRIX_PDF, 'epc.pdf'),
      'document',
    );
    const store = localFolderStore(root);
    const kept = uploaded.body.document.id as string;
    const orphan = crypto.randomUUID();
    await store.put(kept, MATRIX_PDF);
    await store.put(orphan, MATRIX_PDF);

    // Within the hour it may be an upload whose row is not committed yet: nothing goes.
    expect(await sweepOrphanDocuments(world.database.db, store)).toBe(0);
    expect(await store.list('')).toEqual([kept, orphan].sort());

    const anHourOn = Date.now() + ORPHAN_GRACE_MS + 60_000;
    expect(await sweepOrphanDocuments(world.database.db, store, anHourOn)).toBe(1);
    expect(await store.list('')).toEqual([kept]);
    expect(await sweepOrphanDocuments(world.database.db, null, anHourOn)).toBe(0);
  });
});

describe('DELETE /api/flow/user/account', () => {
  const erik = person(3);
  let agent: Agent;
  let otherSession: Agent;

  beforeAll(async () => {
    agent = await fill(erik);
    otherSession = await signIn(erik);
  });

  it('needs this session’s BankID confirmation by the same person', async () => {
    const token = await csrf(agent);
    const unconfirmed = await agent.delete('/api/flow/user/account').send({ csrfToken: token }).expect(409);
    expect(unconfirmed.body.error).toBe('not_confirmed');
    await agent.delete('/api/flow/user/account').send({}).expect(400);
    await agent.delete('/api/flow/user/account').send({ csrfToken: 'forged' }).expect(403);
    await request(world.app).delete('/api/flow/user/account').send({ csrfToken: token }).expect(401);
    await agent.get('/api/flow/user/profile').expect(200);
  });

  it("says on the phone that it is a deletion, in the page's language", async () => {
    const sv = await startValidate(agent, 'delete_account', 'sv');
    expect(sv.userVisibleData).toContain('# Radera ditt konto hos Hemenergi');
    expect(sv.userVisibleData).toContain('Det går inte att ångra.');
    const generic = await startValidate(agent, undefined, 'sv');
    expect(generic.userVisibleData).toBe('Bekräfta att det är du som använder Hemenergi.');
    const csrfToken = await csrf(agent);
    const refused = await agent
      .post('/api/flow/user/sign')
      .send({ csrfToken, loginMethod: 'bankid.other_device', purpose: 'delete_account' })
      .expect(400);
    expect(JSON.stringify(refused.body.issues)).toContain('a purpose needs identificationMode validate');
    await agent.delete('/api/flow/user/sign').send({ csrfToken }).expect(200);
  });

  it('erases everything: nothing of the person is left in any table, leads stay without them', async () => {
    const before = await analyticsTotals();
    expect((await findAnywhere(erik.needles)).length).toBeGreaterThan(0);
    const homeownerId = Number((await agent.get('/api/flow/user/auth')).body.user.id.slice(1));
    // Who saw the data: a super admin's property lookup too, besides the installer's staff (fill); and the consent.
    const lookup = request.agent(world.app);
    await signInAs(lookup, 'super@demo.test').expect(200);
    await lookup.get(`/api/console/org/demo-energi/property-lookup/properties/${homes[0]}`).expect(200);
    const keyedRows = async () =>
      (
        await world.database.pool.query(
          `select (select count(*)::int from privacy_consents where homeowner_id = $1) as consents,
             (select count(*)::int from personal_data_access where homeowner_id = $1) as access`,
          [homeownerId],
        )
      ).rows[0];
    expect(await keyedRows()).toEqual({ consents: 1, access: 3 });

    // BankID confirming who it is, but not for the deletion, does not delete.
    await confirmWithBankId(agent, erik.personalNumber);
    const generic = await agent.delete('/api/flow/user/account').send({ csrfToken: await csrf(agent) });
    expect([generic.status, generic.body.error]).toEqual([409, 'not_confirmed']);

    const order = await confirmWithBankId(agent, erik.personalNumber, 'delete_account');
    expect(order.userVisibleData).toContain('# Delete your Home Energy account\n\nYou approve that your account');
    const csrfToken = await csrf(agent);
    const res = await agent.delete('/api/flow/user/account').send({ csrfToken });
    expect(ok(res, 'erase').body).toMatchObject({ erased: true });
    expect(res.body.counts).toMatchObject({
      homeowners: 1,
      building_profiles: 2,
      installer_requests: 1,
      privacy_consents: 1,
      personal_data_access: 3,
    });
    await world.app.mailer.idle();

    expect(await findAnywhere(erik.needles)).toEqual([]);
    expect(await keyedRows()).toEqual({ consents: 0, access: 0 });
    await agent.get('/api/flow/user/profile').expect(401);
    await otherSession.get('/api/flow/user/profile').expect(401);
    expect(await analyticsTotals()).toEqual(before);

    const installer = request.agent(world.app);
    await signInAs(installer, 'staff@installer.demo.test').expect(200);
    const leads = (await installer.get('/api/console/org/demo-installer/installer-requests?status=account_deleted'))
      .body.requests;
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      status: 'account_deleted',
      homeowner: { name: null, email: null, mobile: null },
      note: null,
      personal_data_removed_at: expect.any(String),
    });

    const audit = await world.database.pool.query(
      `select target, details from audit_log where action = 'privacy.erase'`,
    );
    expect(audit.rows.map((r) => r.target)).toContain(`homeowner:${pseudonymOf(TEST_SECRET, homeownerId)}`);

    // The outbox keeps no copy of a mail about them but the confirmation of the erasure itself.
    const outbox = path.join(world.fixtures.root, 'outbox');
    const about = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((text) => text.includes(erik.email) || text.includes(`+46${erik.mobile.slice(1)}`));
    expect(about).toHaveLength(1);
    expect(about[0]).toContain('Subject: Your Home Energy account has been deleted');
  });
});

describe('/api/admin/privacy: requests by other channels', () => {
  const olle = person(4);
  let admin: Agent;
  let own: Agent;
  beforeAll(async () => {
    own = await fill(olle);
    admin = request.agent(world.app);
    await signInAs(admin, 'super@demo.test').expect(200);
  });

  it('is for super admins, and names what is wrong with the request', async () => {
    const orgAdmin = request.agent(world.app);
    await signInAs(orgAdmin, 'admin@energi.demo.test').expect(200);
    const body = { personalNumber: olle.personalNumber, reference: 'Letter 2026-41' };
    await orgAdmin.post('/api/admin/privacy/export').send(body).expect(403);
    await request(world.app).post('/api/admin/privacy/erase').send(body).expect(401);
    const bad = await admin
      .post('/api/admin/privacy/export')
      .send({ personalNumber: '1973', reference: 'x' })
      .expect(400);
    expect(JSON.stringify(bad.body.issues)).toContain('body.personalNumber');
    expect(JSON.stringify(bad.body.issues)).toContain('body.reference');
    const nobody = await admin
      .post('/api/admin/privacy/erase')
      .send({ personalNumber: '200001019999', reference: 'Letter 2026-42' })
      .expect(404);
    expect(nobody.body.error).toBe('not_found');
  });

  it('exports and erases the person by personal number, audited under their pseudonym', async () => {
    const body = {
      personalNumber: `${olle.personalNumber.slice(0, 8)}-${olle.personalNumber.slice(8)}`,
      reference: 'Letter 2026-43',
    };
    const { status, zip } = await download(admin.post('/api/admin/privacy/export').send(body));
    expect(status).toBe(200);
    const data = personalDataExportSchema.parse(JSON.parse(zip!.readAsText('data.json')));
    expect(data.profile.name).toBe(olle.name);
    // The export is a look at the data: the homeowner sees the service's administrators did it, as the archive does.
    const dataRequest = { organisation: '', role: 'super_admin', impersonating: false, reason: 'data_request' };
    expect(data.access_log).toContainEqual({ ...dataRequest, at: expect.any(String) });
    const log = (await own.get('/api/flow/user/access-log?reason=data_request').expect(200)).body;
    expect(log.entries).toEqual([{ ...dataRequest, at: expect.any(String) }]);

    const erased = await admin.post('/api/admin/privacy/erase').send(body).expect(200);
    expect(erased.body.counts.homeowners).toBe(1);
    await world.app.mailer.idle();
    expect(await findAnywhere(olle.needles)).toEqual([]);
    const audit = await world.database.pool.query(
      `select action, actor_email, details from audit_log where action like 'privacy.%' and actor_email <> ''
       order by id`,
    );
    expect(audit.rows.map((r) => [r.action, r.actor_email, r.details.reference])).toEqual([
      ['privacy.export', 'super@demo.test', 'Letter 2026-43'],
      ['privacy.erase', 'super@demo.test', 'Letter 2026-43'],
    ]);
    await admin.post('/api/admin/privacy/export').send(body).expect(404);
  });
});

describe('the retention sweep', () => {
  const stina = person(5);

  it('erases an account inactive past its time as "Delete my account" does, and says why', async () => {
    const agent = await fill(stina);
    const homeownerId = Number((await agent.get('/api/flow/user/auth')).body.user.id.slice(1));
    const now = Date.now() + offset;
    // Last seen 25 months ago, and mailed 31 days ago that the account would go.
    await world.database.pool.query(
      `update homeowners set last_sign_in_at = $2::timestamptz - interval '25 months',
         inactivity_notice_at = $2::timestamptz - interval '31 days' where id = $1`,
      [homeownerId, new Date(now).toISOString()],
    );
    const outboxDir = path.join(world.fixtures.root, 'outbox');
    const erasure = { db: world.database.db, logger: pino({ level: 'silent' }), mailer: world.app.mailer, outboxDir };
    const counts = await sweepRetention(
      {
        db: world.database.db,
        settings: { inactiveMonths: 24, noticeDays: 30, leadMonths: 12, mailDays: 90 },
        mailer: world.app.mailer,
        outboxDir,
        eraser: retentionEraser({ ...erasure, documentStore: null }, TEST_SECRET, 24),
      },
      now,
    );
    expect(counts).toMatchObject({ erased: 1, erasureWaiting: 0 });
    await world.app.mailer.idle();

    expect(await findAnywhere(stina.needles)).toEqual([]);
    await agent.get('/api/flow/user/profile').expect(401);
    const audit = await world.database.pool.query(
      `select actor_email, details from audit_log where action = 'privacy.erase' and target = $1`,
      [`homeowner:${pseudonymOf(TEST_SECRET, homeownerId)}`],
    );
    expect(audit.rows).toEqual([
      {
        actor_email: 'system',
        details: expect.objectContaining({ by: 'retention', reason: 'inactivity' }),
      },
    ]);
    // The confirmation says it was the inactivity, not a request of theirs.
    const mails = fs
      .readdirSync(outboxDir)
      .map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'))
      .filter((text) => text.includes(stina.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('you had not signed in for 24 months');
  });
});
