import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { federationConfig as untypedFederationConfig, SINGLETONS, REMOTE_NAMES } from '../federation.cjs';
import { REMOTES } from '../../src/mfe/remotes';

const root = path.join(__dirname, '../../..');
const FRONT_ENDS = ['shell', 'mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'];

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
function readPackage(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}
/** federation.cjs is plain JS: its `shared` map is typed here for the assertions. */
function federationConfig(options: Parameters<typeof untypedFederationConfig>[0]) {
  const config = untypedFederationConfig(options);
  return { ...config, shared: config.shared as Record<string, { singleton: boolean; requiredVersion: string }> };
}
const baseName = (dep: string) => (dep.endsWith('/') ? dep.slice(0, -1) : dep);

describe('federationConfig', () => {
  const pkgDir = path.join(__dirname, '../../../mfe-results');
  const pkg = readPackage(pkgDir);
  const config = federationConfig({ name: 'mfe_results', pkgDir, exposes: { './App': './src/app.tsx' } });

  it('shares exactly the singleton list, including the subpath entries', () => {
    expect(Object.keys(config.shared).sort()).toEqual([...SINGLETONS].sort());
    for (const dep of ['react', 'react/', 'react-dom', 'react-dom/', '@home-energy/shared']) {
      expect(SINGLETONS).toContain(dep);
    }
  });

  it.each(SINGLETONS as string[])('%s is a singleton whose requiredVersion comes from package.json', (dep) => {
    const declared = pkg.dependencies?.[baseName(dep)] ?? pkg.devDependencies?.[baseName(dep)];
    expect(declared).toBeDefined();
    const expected = /^\d/.test(declared as string) ? `^${declared}` : declared;
    expect(config.shared[dep]).toEqual({ singleton: true, requiredVersion: expected });
  });

  it('turns a pinned version into a caret range', () => {
    expect(pkg.dependencies?.react).toBe('19.3.1'); // the fixture this test relies on
    expect(config.shared.react.requiredVersion).toBe('^19.3.1');
    expect(config.shared['react/'].requiredVersion).toBe('^19.3.1');
    expect(config.shared['react-dom/'].requiredVersion).toBe('^19.3.1');
  });

  it('uses the loaded-first strategy, emits a manifest and no type bundles', () => {
    expect(config).toMatchObject({
      name: 'mfe_results',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/app.tsx' },
      remotes: {},
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      runtimePlugins: [],
    });
  });

  it('passes runtime plugins through and defaults exposes to none', () => {
    const shell = federationConfig({ name: 'shell', pkgDir: path.join(root, 'shell'), runtimePlugins: ['./plugin.ts'] });
    expect(shell.exposes).toEqual({});
    expect(shell.runtimePlugins).toEqual(['./plugin.ts']);
  });

  describe('with a package.json that lacks a singleton', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-test-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    function writePackage(deps: Record<string, string>, devDeps: Record<string, string> = {}) {
      fs.writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ name: 'broken-remote', version: '1.0.0', dependencies: deps, devDependencies: devDeps }),
      );
    }
    const allButRouter = {
      react: '19.3.1',
      'react-dom': '19.3.1',
      'react-redux': '9.3.1',
      '@reduxjs/toolkit': '2.14.0',
      i18next: '26.7.2',
      'react-i18next': '17.1.12',
      '@home-energy/shared': '0.1.0',
    };

    it('throws an error naming the package and the missing singleton', () => {
      writePackage(allButRouter);
      expect(() => federationConfig({ name: 'broken', pkgDir: dir })).toThrow(
        'broken-remote: shared singleton "react-router" must be a dependency in package.json',
      );
    });

    it('accepts singletons declared as devDependencies and keeps non-pinned ranges as they are', () => {
      writePackage(allButRouter, { 'react-router': '~7.18.0' });
      const config2 = federationConfig({ name: 'ok', pkgDir: dir });
      expect(config2.shared['react-router']).toEqual({ singleton: true, requiredVersion: '~7.18.0' });
      expect(config2.shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    });
  });
});

describe('one source of truth for the singletons', () => {
  const packages = FRONT_ENDS.map((name) => ({ name, pkg: readPackage(path.join(root, name)) }));
  const singletons = [...new Set((SINGLETONS as string[]).map(baseName))];

  it.each(FRONT_ENDS)('%s builds a federation config (declares every singleton)', (name) => {
    expect(() => federationConfig({ name, pkgDir: path.join(root, name) })).not.toThrow();
  });

  it.each(singletons)('%s has the same version in every front-end package', (dep) => {
    const versions = Object.fromEntries(packages.map(({ name, pkg }) => [name, pkg.dependencies?.[dep]]));
    const expected = versions.shell;
    expect(expected).toBeDefined();
    expect(versions).toEqual(Object.fromEntries(FRONT_ENDS.map((name) => [name, expected])));
  });

  it('every front end depends on the current version of @home-energy/shared', () => {
    const shared = readPackage(path.join(root, 'shared'));
    for (const { name, pkg } of packages) {
      expect([name, pkg.dependencies?.['@home-energy/shared']]).toEqual([name, shared.version]);
    }
  });

  it('the shared package builds against the same singleton versions', () => {
    const shared = readPackage(path.join(root, 'shared'));
    const shell = readPackage(path.join(root, 'shell'));
    for (const dep of singletons.filter((d) => d !== '@home-energy/shared')) {
      const own = shared.dependencies?.[dep] ?? shared.devDependencies?.[dep];
      expect([dep, own]).toEqual([dep, shell.dependencies?.[dep]]);
    }
  });
});

describe('REMOTE_NAMES', () => {
  it('matches REMOTES in src/mfe/remotes.ts', () => {
    expect(REMOTE_NAMES).toEqual(Object.fromEntries(REMOTES.map((r) => [r.package, r.name])));
  });

  it('names a package folder that exists for every remote', () => {
    for (const pkgName of Object.keys(REMOTE_NAMES)) {
      expect(readPackage(path.join(root, pkgName)).name).toBe(pkgName);
    }
  });
});
