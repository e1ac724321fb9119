import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { federationConfig } from '../federation.cjs';
import { FederationRuntimeManifestPlugin } from '../runtime-manifest.cjs';
import { PublicPathNotePlugin } from '../public-path-note.cjs';

type Runtime = 'provides' | 'external' | 'own';
const root = path.join(__dirname, '../../..');
const RUNTIME_CORE = /[\\/]@module-federation[\\/]runtime-core[\\/]/;

interface Built {
  manifest: { metaData: { federationRuntime?: string } };
  /** Files of the runtime core compiled into the build. */
  runtimeCore: string[];
  read(file: string): string;
}

/**
 * A tiny shell (exposes nothing) or remote (exposes ./App) with the product's federation options and manifest mark,
 * without the shared singletons (they would only slow the build down).
 */
async function build(dir: string, runtime: Runtime): Promise<Built> {
  const remote = runtime !== 'provides';
  fs.writeFileSync(path.join(dir, 'index.js'), 'export const app = "app";\n');
  const options = federationConfig({
    name: remote ? 'mfe_results' : 'shell',
    pkgDir: path.join(root, remote ? 'mfe-results' : 'shell'),
    exposes: remote ? { './App': './index.js' } : undefined,
    runtime,
  });
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, 'dist'), publicPath: remote ? 'auto' : '/', uniqueName: options.name },
    optimization: { minimize: false, concatenateModules: false },
    infrastructureLogging: { level: 'error' },
    // The runtime plugins every build bundles are TypeScript (singleton-check-plugin.ts).
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: require.resolve('swc-loader'),
          options: { jsc: { parser: { syntax: 'typescript' } } },
        },
      ],
    },
    plugins: [
      new PublicPathNotePlugin(),
      new ModuleFederationPlugin({ ...options, shared: {} }),
      new FederationRuntimeManifestPlugin({ runtime }),
    ],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) =>
      error || !result || result.hasErrors() ? reject(error ?? result) : resolve(result),
    ),
  );
  const runtimeCore = [...stats.compilation.modules]
    .map((module) => (module as { resource?: string }).resource ?? '')
    .filter((resource) => RUNTIME_CORE.test(resource));
  const read = (file: string) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8');
  return { manifest: JSON.parse(read('mf-manifest.json')), runtimeCore, read };
}

describe('one federation runtime core per page', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-manifest-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the shell compiles one copy of the runtime core, an ES one, hands it to remotes and says so', async () => {
    const shell = await build(dir, 'provides');
    expect(shell.manifest.metaData.federationRuntime).toBe('provides');
    expect(shell.runtimeCore.length).toBeGreaterThan(0);
    expect(shell.runtimeCore.filter((file) => file.endsWith('.cjs'))).toEqual([]);
    expect(shell.read('main.js')).toContain('_FEDERATION_RUNTIME_CORE =');
  });

  it("a released remote compiles none, reads the shell's and says so in its manifest", async () => {
    const remote = await build(dir, 'external');
    expect(remote.manifest.metaData.federationRuntime).toBe('external');
    expect(remote.runtimeCore).toEqual([]);
    expect(remote.read('remoteEntry.js')).toContain('self["_FEDERATION_RUNTIME_CORE"]');
  });

  it('a remote that keeps its own runtime core carries no mark', async () => {
    const remote = await build(dir, 'own');
    expect(remote.manifest.metaData).not.toHaveProperty('federationRuntime');
    expect(remote.runtimeCore.length).toBeGreaterThan(0);
    expect(remote.read('remoteEntry.js')).not.toContain('_FEDERATION_RUNTIME_CORE');
  });
});
