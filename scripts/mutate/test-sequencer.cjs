// Runs an area's test files in the order scripts/mutate/areas.cjs lists them (fast unit tests before route suites).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { AREAS } = require('./areas.cjs');

const ROOT = path.join(__dirname, '..', '..');

class AreaOrder extends Sequencer {
  sort(tests) {
    // Each entry is a file or a folder's `*.test.ts`: what comes before its first `*` places a test file.
    const prefixes = AREAS[process.env.MUTATE_AREA].tests.map((glob) => glob.split('*')[0]);
    const rank = (test) => {
      const file = path.relative(ROOT, test.path).split(path.sep).join('/');
      const index = prefixes.findIndex((prefix) => file.startsWith(prefix));
      return index < 0 ? prefixes.length : index;
    };
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }
}

module.exports = AreaOrder;
