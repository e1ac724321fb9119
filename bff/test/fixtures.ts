import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLISHED_ADDRESSES } from '@home-energy/shared/mfe/pages';

export interface SharedEntry {
  name: string;
  version: string;
  singleton: boolean;
  requiredVersion: string;
}

export const SHELL_SHARED: SharedEntry[] = [
  { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: '@home-energy/shared', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
];

/** The federation runtime the fixtures' shell provides (mf-manifest.json metaData.pluginVersion). */
export const SHELL_RUNTIME = '2.9.2';

/** A build's federation runtime in its manifest: the plugin version and whether it shares the runtime core. */
export interface RuntimeFixture {
  version?: string;
  federationRuntime?: 'provides' | 'external';
}
/** As the product builds them: the shell provides its runtime core and each remote runs on it. */
export const SHELL_PROVIDES: RuntimeFixture = { version: SHELL_RUNTIME, federationRuntime: 'provides' };
export const REMOTE_EXTERNAL: RuntimeFixture = { version: SHELL_RUNTIME, federationRuntime: 'external' };

function manifest(name: string, shared: SharedEntry[], exposes: string[], runtime: RuntimeFixture) {
  const remoteEntry = { name: 'remoteEntry.js', path: '', type: 'global' };
  return {
    id: name,
    name,
    metaData: {
      name,
      buildInfo: { buildVersion: '1.2.0', buildName: name },
      remoteEntry,
      publicPath: 'auto',
      pluginVersion: runtime.version,
      federationRuntime: runtime.federationRuntime,
    },
    shared: shared.map((s) => ({
      ...s,
      id: `${name}:${s.name}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: exposes.map((e) => ({
      id: `${name}:${e}`,
      name: e,
      path: `./${e}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
  };
}

/**
 * A remote's pages file (bff/src/modules/releases/pages-file.ts): mounted at the root, one page without a frame, and
 * the remote's published addresses (shared/src/mfe/pages.ts), which every release must serve, as pages of their own.
 */
export function pagesFile(remote: string) {
  const published = PUBLISHED_ADDRESSES.filter((address) => address.remote === remote).map((address, i) => ({
    path: address.path.slice(1),
    page: `published-${i}`,
  }));
  return {
    remote,
    mount: ['*'],
    redirects: [],
    routes: [{ index: true, page: 'home' }, ...published],
    pages: {},
    css: '',
  };
}

/** A temp folder with a built-looking shell and a remote's dist; `label` changes the remote's content (a new build). */
export function makeBuildFixtures() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-fixture-'));
  const shellDist = path.join(root, 'shell-dist');
  fs.mkdirSync(path.join(shellDist, 'locales', 'en'), { recursive: true });
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  fs.writeFileSync(path.join(shellDist, 'main.0123456789.js'), 'console.log("shell")');
  fs.writeFileSync(path.join(shellDist, 'locales', 'en', 'common.json'), '{"reload":"Reload"}');
  /** Writes the shell's manifest: a shell built with another federation runtime. */
  const writeShell = (runtime: RuntimeFixture = SHELL_PROVIDES) =>
    fs.writeFileSync(
      path.join(shellDist, 'mf-manifest.json'),
      JSON.stringify(manifest('shell', SHELL_SHARED, [], runtime)),
    );
  writeShell();

  const writeRemote = (
    label: string,
    shared: SharedEntry[] = SHELL_SHARED,
    name = 'mfe_results',
    runtime: RuntimeFixture = REMOTE_EXTERNAL,
  ) => {
    const dist = path.join(root, `remote-${label}`);
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest(name, shared, ['App'], runtime)));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${label} */ var mfe_results;`);
    fs.writeFileSync(path.join(dist, '__federation_expose_App.abcdef0123.js'), `/* App ${label} */`);
    fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify(pagesFile(name.replace('_', '-'))));
    return dist;
  };
  return {
    root,
    shellDist,
    releasesDir: path.join(root, 'releases'),
    writeRemote,
    writeShell,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
