// Engine benchmark for `npm run bench`: recommendations for every property of the demo register, then plans
// (bench/plans.ts), in-process on one core. Prints one JSON line; scripts/bench.mjs turns it into table rows.
// Figures, not a test. It lives outside the engine because it reads the geography files and the demo register.
import { GEO_DIR, REPO_ROOT } from '../paths';
import { loadGeo } from '../register/geo';
import { generateDemoRegister } from '../register/demo-register';
import { geoDirFor, loadGeoTables } from '../register/geo-tables';
import { buildingInputFromAnswers } from '../energy/answers';
import type { Building } from '../energy/building-model';
import { locate } from '../energy/location';
import { recommendationsFor } from '../energy/activities/recommendations';
import { benchPlans } from './plans';

const YEAR = 2026;
const tables = loadGeoTables(geoDirFor(REPO_ROOT));
const register = generateDemoRegister(loadGeo(GEO_DIR), { count: 5000 });

const buildings: Building[] = [];
let skipped = 0;
for (const row of register) {
  const location = locate(row.postal_code, tables);
  try {
    if (!location) throw new Error('no location');
    const input = buildingInputFromAnswers({ ...row.building, num_floors: row.building.num_floors ?? 1 } as never);
    buildings.push({ input, location, year: YEAR });
  } catch {
    skipped++;
  }
}

// Warm-up so the JIT has seen the code, then one timed pass over every property.
for (const building of buildings.slice(0, 200)) recommendationsFor(building);
const times: number[] = [];
const started = process.hrtime.bigint();
for (const building of buildings) {
  const t0 = process.hrtime.bigint();
  recommendationsFor(building);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const plans = benchPlans(buildings);
console.log(
  JSON.stringify({
    properties: buildings.length,
    skipped,
    p50Ms: pct(50),
    p99Ms: pct(99),
    propertiesPerSecond: Math.round((buildings.length / totalMs) * 1000),
    plans,
  }),
);
