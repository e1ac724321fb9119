// Runs an area's test files in the order scripts/mutate/areas.cjs lists them (fast unit tests before route suites),
// and, when Stryker runs a mutant against some tests only (`--testNamePattern`), only the files that hold one of them:
// jest would otherwise load every related file, with its houses and tables, to skip all its tests (~10 s a mutant).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { AREAS } = require('./areas.cjs');
const { readTestNames } = require('./test-environment.cjs');

const ROOT = path.join(__dirname, '..', '..');
const relative = (test) => path.relative(ROOT, test.path).split(path.sep).join('/');

class AreaOrder extends Sequencer {
  #pattern;

  constructor(options) {
    super(options);
    // As jest matches it: case-insensitive, anywhere in a test's full name.
    const pattern = options?.globalConfig?.testNamePattern;
    this.#pattern = pattern ? new RegExp(pattern, 'i') : null;
  }

  /** The files holding a test the pattern picks (test-environment.cjs wrote their names down); a file not seen yet. */
  #holdingPicked(tests) {
    if (!this.#pattern) return tests;
    const names = readTestNames();
    const held = tests.filter((test) => {
      const own = names[relative(test)];
      return own === undefined || own.some((name) => this.#pattern.test(name));
    });
    // Names out of date would leave nothing to run, which a mutant would survive: then run them all.
    return held.length > 0 ? held : tests;
  }

  sort(tests) {
    // Each entry is a file or a folder's `*.test.ts`: what comes before its first `*` places a test file.
    const prefixes = AREAS[process.env.MUTATE_AREA].tests.map((glob) => glob.split('*')[0]);
    const rank = (test) => {
      const index = prefixes.findIndex((prefix) => relative(test).startsWith(prefix));
      return index < 0 ? prefixes.length : index;
    };
    return this.#holdingPicked(tests).sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }
}

module.exports = AreaOrder;
