// The areas `npm run mutate` scores one by one (docs/testing.md#mutation-score): the files Stryker mutates and the
// only test files jest runs against them, fast ones first so a mutant killed early never waits for a database suite.
const TESTS = '**/__tests__/**';

/** A part of the energy engine: its files, and the engine's unit tests. */
function energyPart(title, files) {
  return {
    title,
    mutate: [...files, `!${TESTS}`],
    // Focused unit tests first (jest stops at the first failing file). Not properties.test.ts (17.7 s) nor
    // plan.test.ts (6.5 s): they build whole houses, of ~32 s for all the tests.
    tests: [
      'model-heat-demand',
      'model-heating-systems',
      'model-pv-geometry',
      'activities-plan-ranking',
      'activities-measures',
      'activities-edges',
      'place-prices-co2',
      'answers',
      'building-model',
      'activities',
      'calibration',
      'constants',
      'epc-rules',
      'explanation',
      'explanation-edges',
      'heat-pump-shares',
      'location',
      'measured-label',
      'messages',
      'plan-properties',
      'plausibility',
      'prices',
      'reference-cases',
    ].map((name) => `bff/src/energy/__tests__/${name}.test.ts`),
    // The engine's data tables (constants, shares, rules) are static mutants, evaluated once at load.
    ignoreStatic: true,
  };
}

const AREAS = {
  // The energy engine in fifteen parts, each its own Stryker run and report, so a long run keeps what it finished.
  'energy-texts': energyPart('energy engine: explanations', ['bff/src/energy/explanation*.ts']),
  'energy-building': energyPart('energy engine: answers and building model', [
    'bff/src/energy/answers.ts',
    'bff/src/energy/building-model.ts',
  ]),
  'energy-place': energyPart('energy engine: place, prices, labels', [
    'bff/src/energy/*.ts',
    '!bff/src/energy/explanation*.ts',
    '!bff/src/energy/answers.ts',
    '!bff/src/energy/building-model.ts',
  ]),
  // The model, the plan and the measures in parts of 100–200 mutants: a Stryker run keeps its results only when it
  // ends, and runs of ~400–750 mutants did not end within a session.
  'energy-heat': energyPart('energy engine: heat demand', [
    'bff/src/energy/model/heat-demand.ts',
    'bff/src/energy/model/geometry.ts',
    'bff/src/energy/model/archetype.ts',
  ]),
  'energy-systems-heating': energyPart('energy engine: heating systems', ['bff/src/energy/model/heating-systems.ts']),
  'energy-systems-capacity': energyPart('energy engine: heat pump capacity and solar', [
    'bff/src/energy/model/heat-pump-capacity.ts',
    'bff/src/energy/model/pv.ts',
  ]),
  // plan.ts in two parts by lines: checks and computing a plan, then the suggested plans.
  'energy-plan': energyPart('energy engine: plan', ['bff/src/energy/activities/plan.ts:1-152']),
  'energy-plan-suggestions': energyPart('energy engine: suggested plans', [
    'bff/src/energy/activities/plan.ts:153-999',
  ]),
  'energy-plan-runs': energyPart('energy engine: activity runner and model runs', [
    'bff/src/energy/activities/runner.ts',
    'bff/src/energy/activities/model-runs.ts',
  ]),
  'energy-measures-heat-pumps': energyPart('energy engine: heat pump measures', [
    'bff/src/energy/activities/measures/heat-pump-*.ts',
  ]),
  'energy-measures-envelope': energyPart('energy engine: insulation, windows, doors', [
    'bff/src/energy/activities/measures/insulation-*.ts',
    'bff/src/energy/activities/measures/energy-efficient-windows.ts',
    'bff/src/energy/activities/measures/energy-efficient-doors.ts',
    'bff/src/energy/activities/measures/window-film.ts',
  ]),
  'energy-measures-packages': energyPart('energy engine: renovation packages', [
    'bff/src/energy/activities/measures/complete-renovation.ts',
    'bff/src/energy/activities/measures/top-of-the-line.ts',
    'bff/src/energy/activities/measures/package-common.ts',
  ]),
  'energy-measures-solar': energyPart('energy engine: solar measure', ['bff/src/energy/activities/measures/solar.ts']),
  'energy-measures-small': energyPart('energy engine: wallbox, products, faucets, temperature', [
    'bff/src/energy/activities/measures/common.ts',
    'bff/src/energy/activities/measures/energy-efficient-products.ts',
    'bff/src/energy/activities/measures/low-flush-faucets.ts',
    'bff/src/energy/activities/measures/lower-temperature.ts',
    'bff/src/energy/activities/measures/unspecified.ts',
    'bff/src/energy/activities/measures/wallbox.ts',
  ]),
  'energy-measures-ranking': energyPart('energy engine: ranking, subsidies, registry, messages', [
    'bff/src/energy/activities/*.ts',
    '!bff/src/energy/activities/plan.ts',
    '!bff/src/energy/activities/runner.ts',
    '!bff/src/energy/activities/model-runs.ts',
  ]),
  finance: {
    title: 'money rules',
    mutate: ['shared/src/finance/**/*.ts', `!${TESTS}`],
    // Not the energy plan's suite: it killed no mutant here and builds houses while loading (~9 s per static mutant).
    tests: ['shared/src/finance/__tests__/*.test.ts'],
  },
  guards: {
    title: 'authorization guards and rules table',
    mutate: ['bff/src/auth/guards.ts', 'shared/src/console/menu-rules.ts'],
    // Unit tests on fake requests only: the route suites that also cover the guards (admin access, console
    // authorization) take 1 min 54 s per run on PGlite, which every surviving and static mutant would pay.
    tests: [
      'bff/src/auth/__tests__/guards.test.ts',
      'shared/src/console/__tests__/menu-rules.test.ts',
      'shared/src/console/__tests__/menu-rules-edges.test.ts',
    ],
  },
  schemas: {
    title: 'input schemas',
    mutate: ['shared/src/schemas/**/*.ts', `!${TESTS}`],
    // Unit tests only: the route suites that also parse with these schemas each need a database.
    // Static mutants (enum lists, limits and patterns read at load) are left out: each reruns all 48 tests and
    // together they took 77 % of the estimated run (over 40 min at concurrency 1).
    ignoreStatic: true,
    tests: ['shared/src/schemas/__tests__/*.test.ts', 'shared/src/ui/__tests__/brand-variables.test.ts'],
  },
};

/** Names that stand for several areas, run one after the other and also scored together. */
const GROUPS = {
  energy: [
    'energy-texts',
    'energy-building',
    'energy-place',
    'energy-heat',
    'energy-systems-heating',
    'energy-systems-capacity',
    'energy-plan',
    'energy-plan-suggestions',
    'energy-plan-runs',
    'energy-measures-heat-pumps',
    'energy-measures-envelope',
    'energy-measures-packages',
    'energy-measures-solar',
    'energy-measures-small',
    'energy-measures-ranking',
  ],
};

module.exports = { AREAS, GROUPS };
