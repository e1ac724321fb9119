import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoRegister } from '../../../seed/demo-register';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let sample: { id: number; name: string; street: string; postal_code: string; postal_city: string };

beforeAll(async () => {
  world = await startTestWorld();
  ({ database, app } = world);
  expect(await seedDemoRegister(database.db)).toBeGreaterThanOrEqual(5000);
  const { rows } = await database.pool.query(
    'select id, name, street, postal_code, postal_city from properties order by id limit 1 offset 1234',
  );
  sample = rows[0];
});
afterAll(() => world.close());

describe('the demo register', () => {
  it('holds at least 5,000 demo properties over at least 20 municipalities in all four price areas', async () => {
    const { rows } = await database.pool.query(
      `select count(*)::int as n, count(distinct municipality_code)::int as municipalities,
              array_agg(distinct price_area order by price_area) as areas,
              bool_and(demo) as all_demo, count(issued_epc)::int as with_epc
         from properties`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(5000);
    expect(rows[0].municipalities).toBeGreaterThanOrEqual(20);
    expect(rows[0].areas).toEqual(['SE1', 'SE2', 'SE3', 'SE4']);
    expect(rows[0].all_demo).toBe(true);
    expect(rows[0].with_epc).toBeGreaterThan(0);
    expect(rows[0].with_epc).toBeLessThan(rows[0].n);
  });

  it('is loaded once: seeding again adds nothing', async () => {
    expect(await seedDemoRegister(database.db)).toBe(0);
  });
});

describe('GET /api/flow/property-search/geoengine-property', () => {
  it('finds a property by street and postal code', async () => {
    const res = await request(app)
      .get('/api/flow/property-search/geoengine-property')
      .query({ street: sample.street, postal_code: sample.postal_code })
      .expect(200);
    expect(res.body).toEqual({ id: sample.id, name: sample.name });
    expect(sample.name).toBe(
      `${sample.street}, ${sample.postal_code.slice(0, 3)} ${sample.postal_code.slice(3)} ${sample.postal_city}`,
    );
  });

  it('matches the way people type: any case, extra spaces, postal code with a space', async () => {
    const typed = `  ${sample.street.toUpperCase().replace(' ', '   ')} `;
    const res = await request(app)
      .get('/api/flow/property-search/geoengine-property')
      .query({ street: typed, postal_code: `${sample.postal_code.slice(0, 3)} ${sample.postal_code.slice(3)}` })
      .expect(200);
    expect(res.body.id).toBe(sample.id);
  });

  it('answers 404 for an address not in the register', async () => {
    const res = await request(app)
      .get('/api/flow/property-search/geoengine-property')
      .query({ street: 'Ingenstansgatan 999', postal_code: sample.postal_code })
      .expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'No property at that address.' });
  });

  it.each([
    [{ street: 'Storgatan 1' }, 'postal_code'],
    [{ street: 'Storgatan 1', postal_code: '1234' }, 'postal_code'],
    [{ street: 'Storgatan 1', postal_code: 'abcde' }, 'postal_code'],
    [{ postal_code: '12345' }, 'street'],
    [{ street: '', postal_code: '12345' }, 'street'],
    [{ street: 'x'.repeat(256), postal_code: '12345' }, 'street'],
    [{ street: 'Storgatan 1', postal_code: '12345', extra: '1' }, 'extra'],
  ])('answers 400 naming what is wrong for %j', async (query, field) => {
    const res = await request(app).get('/api/flow/property-search/geoengine-property').query(query).expect(400);
    expect(res.body.error).toBe('bad_request');
    expect(JSON.stringify(res.body.issues)).toContain(field);
  });
});

describe('GET /api/flow/property-search/suggestions', () => {
  it('suggests addresses starting with what was typed, within a postal code', async () => {
    const prefix = sample.street.slice(0, 4);
    const res = await request(app)
      .get('/api/flow/property-search/suggestions')
      .query({ q: prefix, postal_code: sample.postal_code })
      .expect(200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    expect(res.body.suggestions.length).toBeLessThanOrEqual(8);
    for (const s of res.body.suggestions) {
      expect(s.postal_code).toBe(sample.postal_code);
      expect(s.street.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    }
    expect(res.body.suggestions.map((s: { id: number }) => s.id)).toContain(sample.id);
  });

  it.each([
    [{ q: 'x'.repeat(256) }, 'query.q'],
    [{ q: '' }, 'query.q'],
    [{ q: 'Stor', postal_code: '1234' }, 'query.postal_code'],
    [{ q: 'Stor', extra: '1' }, 'extra'],
  ])('answers 400 naming what is wrong for %j', async (query, field) => {
    const res = await request(app).get('/api/flow/property-search/suggestions').query(query).expect(400);
    expect(res.body.error).toBe('bad_request');
    expect(JSON.stringify(res.body.issues)).toContain(field);
  });

  it("takes a query as long as the flow's address field allows", async () => {
    await request(app)
      .get('/api/flow/property-search/suggestions')
      .query({ q: 'x'.repeat(255) })
      .expect(200);
  });

  it('takes the postal code or town typed after the street, as the suggestion shows it', async () => {
    const suggest = async (q: string) =>
      (await request(app).get('/api/flow/property-search/suggestions').query({ q }).expect(200)).body.suggestions as {
        id: number;
        postal_code: string;
        postal_city: string;
      }[];
    const code = `${sample.postal_code.slice(0, 3)} ${sample.postal_code.slice(3)}`;
    const inPlace = (found: { postal_code: string; postal_city: string }[], by: 'code' | 'town') =>
      found.every((s) =>
        by === 'code'
          ? s.postal_code === sample.postal_code
          : s.postal_city.toLowerCase() === sample.postal_city.toLowerCase(),
      );
    for (const [q, by] of [
      [`${sample.street}, ${code} ${sample.postal_city}`, 'code'],
      [`${sample.street} ${code}`, 'code'],
      [`${sample.street}, ${sample.postal_city}`, 'town'],
      [`${sample.street} ${sample.postal_city.toLowerCase()}`, 'town'],
    ] as const) {
      const found = await suggest(q);
      expect(found.map((s) => s.id)).toContain(sample.id);
      expect(inPlace(found, by)).toBe(true);
    }
    // A town that is not the street's finds nothing there, so the text is tried as a street, as before.
    expect(await suggest(`${sample.street}, Ingenstans`)).toEqual([]);
  });

  it('treats % and _ as letters, not wildcards', async () => {
    const res = await request(app).get('/api/flow/property-search/suggestions').query({ q: '%' }).expect(200);
    expect(res.body.suggestions).toEqual([]);
  });
});

describe('GET /api/flow/property-search/google-streetview', () => {
  it('answers 204 without a key, so the page shows its generic picture silently', async () => {
    const res = await request(app)
      .get('/api/flow/property-search/google-streetview')
      .query({ address: sample.name })
      .expect(204);
    expect(res.text).toBe('');
  });

  it('refuses a missing address with 400', async () => {
    await request(app).get('/api/flow/property-search/google-streetview').expect(400);
  });
});
