// The one Module Federation config helper: every webpack config (shell and remotes) builds its plugin options here,
// so the shared singleton list cannot drift between teams.
const path = require('node:path');

/** Libraries that must exist once per page. `react/` and `react-dom/` share subpaths (jsx-runtime, client). */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-redux',
  '@reduxjs/toolkit',
  // Its entry points (query, query/react) too: one RTK Query core, and no remote bundles its own copy of it.
  '@reduxjs/toolkit/',
  'i18next',
  'react-i18next',
  '@home-energy/shared',
  // The router (react-router's declarative mode, src/router.ts): shared under its own name, so the unused rest of
  // react-router is tree-shaken away. `react-router` itself is never imported elsewhere (federation.test.ts).
  '@home-energy/shared/router',
];

/** The package a shared request belongs to: `react/` → react, `@home-energy/shared/router` → @home-energy/shared. */
function packageOf(dep) {
  const parts = dep.split('/').filter(Boolean);
  return parts.slice(0, dep.startsWith('@') ? 2 : 1).join('/');
}

function packageRange(pkgDir, dep) {
  const own = require(path.join(pkgDir, 'package.json'));
  const base = packageOf(dep);
  const range = (own.dependencies || {})[base] || (own.devDependencies || {})[base];
  if (!range) throw new Error(`${own.name}: shared singleton "${base}" must be a dependency in package.json`);
  // A pinned version "19.3.1" becomes "^19.3.1": singletons accept any compatible minor/patch from the host.
  return /^\d/.test(range) ? `^${range}` : range;
}

/**
 * The runtime plugin that hands the shell's runtime core to remotes, by its ES module build. The plugin's own switch
 * (experiments.provideExternalRuntime) adds its CommonJS build, which pulls a second, CommonJS copy of the runtime
 * core into the shell beside the ES one its federation runtime uses.
 */
function runtimeCoreProvider() {
  const fromEnhanced = { paths: [path.dirname(require.resolve('@module-federation/enhanced'))] };
  const commonJs = require.resolve('@module-federation/inject-external-runtime-core-plugin', fromEnhanced);
  return path.join(path.dirname(commonJs), 'index.js');
}

// Every build's check of a consumed singleton's version against its "^x.y.z" range, without the runtime's costly
// general semver parser (shared/src/mfe/singleton-check-plugin.ts).
const SINGLETON_CHECK = path.join(__dirname, '..', 'src', 'mfe', 'singleton-check-plugin.ts');

/**
 * Where a build's federation runtime core comes from (docs/decisions/federation-runtime.md): the shell `provides`
 * its own to every remote, a released remote uses that one (`external`: its remoteEntry.js carries none), and a
 * remote's standalone dev build keeps its `own`, having no shell to take one from.
 */
const RUNTIMES = {
  provides: { experiments: {}, plugins: () => [runtimeCoreProvider()] },
  external: { experiments: { externalRuntime: true }, plugins: () => [] },
  own: { experiments: {}, plugins: () => [] },
};

/**
 * @param {{ name: string, pkgDir: string, exposes?: Record<string,string>, runtimePlugins?: string[],
 *           runtime?: 'provides' | 'external' | 'own' }} options
 */
function federationConfig({ name, pkgDir, exposes, runtimePlugins = [], runtime = 'own' }) {
  const mode = RUNTIMES[runtime];
  if (!mode) throw new Error(`${name}: unknown federation runtime "${runtime}"`);
  // As the plugin's own switch: a build that exposes modules is itself a remote, and one page has one provider.
  if (runtime === 'provides' && Object.keys(exposes || {}).length > 0) {
    throw new Error(`${name}: only the shell, which exposes nothing, provides the federation runtime to remotes`);
  }
  const shared = {};
  for (const dep of SINGLETONS) {
    shared[dep] = { singleton: true, requiredVersion: packageRange(pkgDir, dep) };
  }
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: exposes || {},
    remotes: {},
    shared,
    shareStrategy: 'loaded-first',
    runtimePlugins: [...mode.plugins(), SINGLETON_CHECK, ...runtimePlugins],
    manifest: true,
    dts: false,
    experiments: mode.experiments,
  };
}

module.exports = { federationConfig, packageOf, SINGLETONS };
