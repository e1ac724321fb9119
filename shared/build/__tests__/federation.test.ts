import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { federationConfig as untypedFederationConfig, packageOf, SINGLETONS } from '../federation.cjs';
import { REMOTES } from '../../src/mfe/remotes';

const root = path.join(__dirname, '../../..');
const SINGLETON_CHECK = path.join(root, 'shared', 'src', 'mfe', 'singleton-check-plugin.ts');
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
    const declared = pkg.dependencies?.[packageOf(dep)] ?? pkg.devDependencies?.[packageOf(dep)];
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
      runtimePlugins: [SINGLETON_CHECK],
    });
  });

  it('every build checks its singletons with the fast "^x.y.z" check (a runtime plugin bundled from shared)', () => {
    expect(fs.existsSync(SINGLETON_CHECK)).toBe(true);
    expect(fs.readFileSync(SINGLETON_CHECK, 'utf8')).toMatch(/export default function singletonCheckPlugin\(\)/);
  });

  it('passes runtime plugins through and defaults exposes to none', () => {
    const shell = federationConfig({
      name: 'shell',
      pkgDir: path.join(root, 'shell'),
      runtimePlugins: ['./plugin.ts'],
    });
    expect(shell.exposes).toEqual({});
    expect(shell.runtimePlugins).toEqual([SINGLETON_CHECK, './plugin.ts']);
  });

  describe("the federation runtime core (one per page, the shell's)", () => {
    const shellDir = path.join(root, 'shell');

    it('a remote keeps its own unless told otherwise', () => {
      expect(config.experiments).toEqual({});
      expect(config.runtimePlugins).toEqual([SINGLETON_CHECK]);
    });

    it('a released remote is built without one', () => {
      const remote = federationConfig({
        name: 'mfe_results',
        pkgDir,
        exposes: { './App': './a' },
        runtime: 'external',
      });
      expect(remote.experiments).toEqual({ externalRuntime: true });
      expect(remote.runtimePlugins).toEqual([SINGLETON_CHECK]);
    });

    it("the shell hands its own to the remotes through the injector's ES module build, before other plugins", () => {
      const shell = federationConfig({ name: 'shell', pkgDir: shellDir, runtime: 'provides', runtimePlugins: ['./p'] });
      const [injector, ...rest] = shell.runtimePlugins;
      expect(rest).toEqual([SINGLETON_CHECK, './p']);
      expect(injector).toMatch(
        /[\\/]@module-federation[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.js$/,
      );
      expect(fs.readFileSync(injector, 'utf8')).toMatch(/^import \* as runtimeCore from/m);
      // The plugin's own switch would add its CommonJS build too (a second runtime core in the shell).
      expect(shell.experiments).toEqual({});
    });

    it('only a build that exposes nothing may provide it, and the choice is one of the three', () => {
      expect(() =>
        federationConfig({ name: 'mfe_results', pkgDir, exposes: { './App': './a' }, runtime: 'provides' }),
      ).toThrow('mfe_results: only the shell, which exposes nothing, provides the federation runtime to remotes');
      expect(() =>
        federationConfig({ name: 'shell', pkgDir: shellDir, runtime: 'borrowed' as unknown as 'own' }),
      ).toThrow('shell: unknown federation runtime "borrowed"');
    });
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
    const allButReactI18next = {
      react: '19.3.1',
      'react-dom': '19.3.1',
      'react-redux': '9.3.1',
      '@reduxjs/toolkit': '2.14.0',
      i18next: '26.7.2',
      '@home-energy/shared': '0.1.0',
    };

    it('throws an error naming the package and the missing singleton', () => {
      writePackage(allButReactI18next);
      expect(() => federationConfig({ name: 'broken', pkgDir: dir })).toThrow(
        'broken-remote: shared singleton "react-i18next" must be a dependency in package.json',
      );
    });

    it('accepts singletons declared as devDependencies and keeps non-pinned ranges as they are', () => {
      writePackage(allButReactI18next, { 'react-i18next': '~17.1.0' });
      const config2 = federationConfig({ name: 'ok', pkgDir: dir });
      expect(config2.shared['react-i18next']).toEqual({ singleton: true, requiredVersion: '~17.1.0' });
      expect(config2.shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    });
  });
});

describe('one source of truth for the singletons', () => {
  const packages = FRONT_ENDS.map((name) => ({ name, pkg: readPackage(path.join(root, name)) }));
  const singletons = [...new Set((SINGLETONS as string[]).map(packageOf))];

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

describe('the router singleton', () => {
  /** Every TypeScript source file below `dir`. */
  const sourcesIn = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourcesIn(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const routerModule = path.join(root, 'shared/src/router.ts');

  it('names the package a shared request belongs to', () => {
    expect(
      [
        'react',
        'react/',
        'react-dom/client',
        '@reduxjs/toolkit/',
        '@home-energy/shared',
        '@home-energy/shared/router',
      ].map(packageOf),
    ).toEqual(['react', 'react', 'react-dom', '@reduxjs/toolkit', '@home-energy/shared', '@home-energy/shared']);
  });

  it('is shared instead of react-router, which no front-end source imports but shared/src/router.ts', () => {
    expect(SINGLETONS).toContain('@home-energy/shared/router');
    expect(SINGLETONS).not.toContain('react-router');
    const files = [
      ...FRONT_ENDS.map((name) => path.join(root, name, 'src')),
      path.join(root, 'shared/src'),
      path.join(root, 'shared/testing'),
    ].flatMap(sourcesIn);
    expect(files).toContain(routerModule);
    const importsRouter =
      /(?:from\s*|import\(\s*(?:\/\*[^*]*\*\/\s*)?|jest\.mock\(\s*)['"]react-router(?:\/[^'"]*)?['"]/;
    const offenders = files.filter(
      (file) => file !== routerModule && importsRouter.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });

  it("is built from react-router's production build in production, its development build (warnings on) else", () => {
    const { createWebpackConfig } = require('../webpack.cjs') as {
      createWebpackConfig: (
        options: Record<string, unknown>,
      ) => (env: unknown, argv: { mode?: string }) => { resolve: { alias: Record<string, string> } };
    };
    const config = createWebpackConfig({
      pkgDir: path.join(root, 'shell'),
      name: 'shell',
      title: 'shell',
      isHost: true,
    });
    const production = config(undefined, { mode: 'production' }).resolve.alias['react-router$'];
    expect(path.relative(root, production)).toBe(
      path.join('node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
    );
    const source = fs.readFileSync(production, 'utf8');
    const chunks = [...source.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]);
    expect(chunks.length).toBeGreaterThan(0);
    const code = chunks.map((chunk) => fs.readFileSync(path.join(path.dirname(production), chunk), 'utf8')).join('');
    expect(code).toMatch(/var ENABLE_DEV_WARNINGS = false;/);
    expect(config(undefined, { mode: 'development' }).resolve.alias).toEqual({});
  });

  it('is imported by its package name everywhere, shared included (a relative import is a second copy)', () => {
    const sharedFiles = [path.join(root, 'shared/src'), path.join(root, 'shared/testing')].flatMap(sourcesIn);
    const relative = sharedFiles.filter((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/from\s*['"](\.[^'"]*)['"]/g)].some(
        (m) => path.resolve(path.dirname(file), m[1]) === routerModule.replace(/\.ts$/, ''),
      ),
    );
    expect(relative.map((file) => path.relative(root, file))).toEqual([]);
  });
});

describe('the remotes', () => {
  it('are the workspaces named mfe-*, as the scripts read them (scripts/remotes.mjs)', () => {
    const { workspaces } = readPackage(root) as unknown as { workspaces: string[] };
    expect(REMOTES.map((r) => r.package)).toEqual(workspaces.filter((w) => w.startsWith('mfe-')));
  });

  it('each builds its federation container under its name in REMOTES', () => {
    for (const remote of REMOTES) {
      expect(readPackage(path.join(root, remote.package)).name).toBe(remote.package);
      const config = fs.readFileSync(path.join(root, remote.package, 'webpack.config.js'), 'utf8');
      expect(config).toContain(`name: '${remote.name}'`);
    }
  });
});
