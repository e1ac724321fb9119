import request from 'supertest';
import type { PlanResult } from '@home-energy/shared/schemas/plan';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';

/**
 * The transition page's saved plans (analytics README "Plans"): made through the flow API, read through the console
 * API.
 */
const NOW = Date.now();
const TODAY = new Date(NOW).toISOString().slice(0, 10);

let world: TestWorld;
let app: TestApp;
let energiAdmin: ReturnType<typeof request.agent>;
let bankAdmin: ReturnType<typeof request.agent>;
const energiPlans: PlanResult[] = [];
let bankPlan: PlanResult;

/**
 * A visitor of the brand computes the home and keeps the cheapest suggested plan (the first suggestion when `best`).
 */
async function savePlan(propertyId: number, owner: string, pick: 'best' | 'cheapest'): Promise<PlanResult> {
  const visitor = request.agent(app);
  await visitor.post(`/api/flow/property/${propertyId}/building?owner=${owner}`).send({}).expect(200);
  const { suggestions } = (
    await visitor.get(`/api/flow/property/${propertyId}/plan/suggestions?owner=${owner}`).expect(200)
  ).body;
  expect(suggestions.length).toBeGreaterThan(1);
  const chosen = pick === 'best' ? suggestions[0] : suggestions[suggestions.length - 1];
  return (
    await visitor
      .post(`/api/flow/property/${propertyId}/plan?owner=${owner}`)
      .send({ measures: chosen.measures })
      .expect(200)
  ).body.plan;
}

const transition = (agent: ReturnType<typeof request.agent>, org: string, query = '') =>
  agent.get(`/api/console/org/${org}/analytics/transition${query}`).expect(200);
const counted = (rows: { key: string; count: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.key, r.count]));
const tally = (list: string[]) =>
  list.reduce<Record<string, number>>((acc, key) => ({ ...acc, [key]: (acc[key] ?? 0) + 1 }), {});
const subsidies = (plan: PlanResult) => plan.subsidies.reduce((t, s) => t + s.amount, 0);

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], now: () => NOW });
  ({ app } = world);
  const homes = await insertStockholmHomes(world.database.db, [
    { street: 'Planvägen 1', building: VILLA_1970 },
    { street: 'Planvägen 2', building: { ...VILLA_1970, construction_year: 1955, atemp: 120 } },
    { street: 'Planvägen 3', building: VILLA_1970 },
    { street: 'Planvägen 4', building: VILLA_1970 },
  ]);
  energiPlans.push(
    await savePlan(homes[0]!, 'demo-energi', 'best'),
    await savePlan(homes[1]!, 'demo-energi', 'cheapest'),
  );
  bankPlan = await savePlan(homes[2]!, 'demo-bank', 'best');
  // A home of the brand whose owner cleared the plan again: no plan to count.
  const cleared = request.agent(app);
  await cleared.post(`/api/flow/property/${homes[3]}/building?owner=demo-energi`).send({}).expect(200);
  await cleared
    .post(`/api/flow/property/${homes[3]}/plan?owner=demo-energi`)
    .send({ measures: ['insulation_attic'] })
    .expect(200);
  await cleared.post(`/api/flow/property/${homes[3]}/plan?owner=demo-energi`).send({ measures: [] }).expect(200);
  energiAdmin = request.agent(app);
  await signInAs(energiAdmin, 'admin@energi.demo.test').expect(200);
  bankAdmin = request.agent(app);
  await signInAs(bankAdmin, 'admin@bank.demo.test').expect(200);
});
afterAll(() => world.close());

describe('saved plans on the transition page', () => {
  it('counts homes with a plan, label now → after, money and measures as the homeowners saw them', async () => {
    const { plans } = (await transition(energiAdmin, 'demo-energi')).body;
    expect(plans.homes).toBe(2);
    expect(plans.investmentKr).toBe(energiPlans[0]!.investment_cost + energiPlans[1]!.investment_cost);
    expect(plans.subsidiesKr).toBe(subsidies(energiPlans[0]!) + subsidies(energiPlans[1]!));
    expect(plans.savingsKrPerYear).toBe(energiPlans[0]!.energy_cost_savings + energiPlans[1]!.energy_cost_savings);
    expect(plans.savingsKwhPerYear).toBe(energiPlans[0]!.kwh_saved_bought + energiPlans[1]!.kwh_saved_bought);
    expect(counted(plans.now)).toEqual(tally(energiPlans.map((p) => p.label_before.energy_class!)));
    expect(counted(plans.after)).toEqual(tally(energiPlans.map((p) => p.epc_label.energy_class!)));
    expect(plans.moves.reduce((t: number, m: { count: number }) => t + m.count, 0)).toBe(2);
    expect(counted(plans.measures)).toEqual(tally(energiPlans.flatMap((p) => p.measures)));
    // Most planned first.
    const counts = plans.measures.map((m: { count: number }) => m.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('another organisation’s plans do not count: each brand sees only its own', async () => {
    const { plans } = (await transition(bankAdmin, 'demo-bank')).body;
    expect(plans.homes).toBe(1);
    expect(plans.investmentKr).toBe(bankPlan.investment_cost);
    expect(counted(plans.measures)).toEqual(tally(bankPlan.measures));
    await bankAdmin.get('/api/console/org/demo-energi/analytics/transition').expect(404);
  });

  it('follows the period filter: plans are filed under the day they were saved', async () => {
    expect((await transition(energiAdmin, 'demo-energi', `?from=${TODAY}&to=${TODAY}`)).body.plans.homes).toBe(2);
    const { plans } = (await transition(energiAdmin, 'demo-energi', '?from=2020-01-01&to=2020-12-31')).body;
    expect(plans).toMatchObject({ homes: 0, investmentKr: 0, savingsKrPerYear: 0, moves: [], measures: [] });
    expect(plans.now.every((r: { count: number }) => r.count === 0)).toBe(true);
  });
});
