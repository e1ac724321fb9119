// The test environment of an area's jest runs (Stryker wraps it in its own): jest's node environment that also writes
// down the full name of every test a test file holds (run or skipped), so that test-sequencer.cjs can leave out the
// files that hold none of the tests a mutant is run against.
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const ROOT = path.join(__dirname, '..', '..');
/** In the copy of the repo Stryker runs in (a plain jest run of this config writes to the repo's git-ignored one). */
const NAMES_FILE = path.join(__dirname, 'reports', `${process.env.MUTATE_AREA}.test-names.json`);

/** A test's full name as jest matches `--testNamePattern` against it: its describe blocks' names and its own. */
function fullName(test) {
  const names = [];
  for (let block = test; block && block.parent; block = block.parent) names.unshift(block.name);
  return names.join(' ');
}

/** The names recorded so far: test file (relative to the repo) → full names. */
function readTestNames() {
  try {
    return JSON.parse(fs.readFileSync(NAMES_FILE, 'utf8'));
  } catch {
    return {};
  }
}

class RecordingEnvironment extends TestEnvironment {
  #file;
  #names = [];

  constructor(config, context) {
    super(config, context);
    this.#file = path.relative(ROOT, context.testPath).split(path.sep).join('/');
  }

  async handleTestEvent(event) {
    if (event.name === 'test_done' || event.name === 'test_skip' || event.name === 'test_todo')
      this.#names.push(fullName(event.test));
  }

  async teardown() {
    // A file that failed to load holds no test: what an earlier run recorded stays.
    if (this.#names.length > 0) {
      const all = readTestNames();
      all[this.#file] = this.#names;
      fs.mkdirSync(path.dirname(NAMES_FILE), { recursive: true });
      fs.writeFileSync(NAMES_FILE, JSON.stringify(all));
    }
    await super.teardown();
  }
}

module.exports = RecordingEnvironment;
module.exports.readTestNames = readTestNames;
