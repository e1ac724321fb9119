// Stryker runs jest in a sandbox copy of the repo whose node_modules links to the real one, so an import of
// @home-energy/shared would load the real, unmutated shared/: this points it at the sandbox's own copy.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const SANDBOX_SHARED = path.join(ROOT, 'shared') + path.sep;
const LINKED_SHARED = fs.realpathSync(path.join(ROOT, 'node_modules', '@home-energy', 'shared')) + path.sep;

module.exports = (request, options) => {
  const resolved = options.defaultResolver(request, options);
  if (LINKED_SHARED === SANDBOX_SHARED || !resolved.startsWith(LINKED_SHARED)) return resolved;
  return SANDBOX_SHARED + resolved.slice(LINKED_SHARED.length);
};
