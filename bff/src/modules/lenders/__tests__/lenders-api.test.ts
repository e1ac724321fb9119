import request from 'supertest';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';

let world: TestWorld;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld();
  ({ app } = world);
});
afterAll(() => world.close());

const discounts = (lender: string, body: unknown) =>
  request(app)
    .post(`/api/flow/${lender}/discounts`)
    .send(body as object);

describe('POST /api/flow/{lender}/discounts (demo green mortgage discounts)', () => {
  it('Demo Bank: percentage points off by the energy class after the measure, marked as demo', async () => {
    const res = await discounts('demo-bank', { energy_class_after: 'B', mortgage_amount: 1_500_000 }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({
      lender: 'demo-bank',
      name: 'Demo Bank (demo)',
      demo: true,
      energy_class_after: 'B',
      mortgage_amount: 1_500_000,
      interest_discount: 0.2,
      eligible: true,
      reason: { en: 'Energy class B qualifies.', sv: 'Energiklass B ger rabatt.' },
    });
    const byClass = await Promise.all(
      (['A', 'C', 'D', 'G'] as const).map(
        async (energyClass) =>
          (await discounts('demo-bank', { energy_class_after: energyClass, mortgage_amount: 1 }).expect(200)).body
            .interest_discount,
      ),
    );
    expect(byClass).toEqual([0.3, 0.1, 0, 0]);
  });

  it('Demo Bolån: its own table, a step-up of two classes, and a minimum mortgage', async () => {
    const a = await discounts('demo-bolan', { energy_class_after: 'A', mortgage_amount: 2_000_000 }).expect(200);
    expect(a.body).toMatchObject({
      lender: 'demo-bolan',
      name: 'Demo Bolån (demo)',
      demo: true,
      interest_discount: 0.4,
      eligible: true,
    });

    const d = await discounts('demo-bolan', { energy_class_after: 'D', mortgage_amount: 2_000_000 }).expect(200);
    expect(d.body).toMatchObject({
      interest_discount: 0,
      eligible: false,
      reason: { en: 'Energy class D does not qualify.' },
    });

    const stepUp = await discounts('demo-bolan', {
      energy_class_before: 'G',
      energy_class_after: 'D',
      mortgage_amount: 2_000_000,
    }).expect(200);
    expect(stepUp.body).toMatchObject({
      interest_discount: 0.1,
      eligible: true,
      reason: { en: 'The home goes up 3 energy classes.', sv: 'Hemmet går upp 3 energiklasser.' },
    });

    const small = await discounts('demo-bolan', { energy_class_after: 'A', mortgage_amount: 50_000 }).expect(200);
    expect(small.body).toMatchObject({
      interest_discount: 0,
      eligible: false,
      reason: { en: 'Green mortgages from 100 000 kr.' },
    });
  });

  it('the two lenders answer differently for the same home', async () => {
    const body = { energy_class_after: 'B', mortgage_amount: 1_000_000 };
    const [bank, bolan] = await Promise.all([
      discounts('demo-bank', body).expect(200),
      discounts('demo-bolan', body).expect(200),
    ]);
    expect(bank.body.interest_discount).toBe(0.2);
    expect(bolan.body.interest_discount).toBe(0.25);
  });

  it('an unknown lender is a 404 that names the lenders', async () => {
    const res = await discounts('real-bank', { energy_class_after: 'A', mortgage_amount: 1 }).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'No lender "real-bank". Lenders: demo-bank, demo-bolan.' });
  });

  it.each([
    [{}, 'body.energy_class_after'],
    [{ energy_class_after: 'H', mortgage_amount: 1 }, 'body.energy_class_after'],
    [{ energy_class_after: 'A' }, 'body.mortgage_amount'],
    [{ energy_class_after: 'A', mortgage_amount: -1 }, 'body.mortgage_amount'],
    [{ energy_class_after: 'A', mortgage_amount: 10_000_001 }, 'body.mortgage_amount'],
    [{ energy_class_after: 'A', mortgage_amount: '1000' }, 'body.mortgage_amount'],
    [{ energy_class_after: 'A', mortgage_amount: 1, energy_class_before: 'Z' }, 'body.energy_class_before'],
    [{ energy_class_after: 'A', mortgage_amount: 1, rate: 3 }, 'body'],
  ])('a bad body %j is a 400 naming %s', async (body, path) => {
    const res = await discounts('demo-bank', body).expect(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('only POST is a route', async () => {
    await request(app).get('/api/flow/demo-bank/discounts').expect(404);
  });
});
