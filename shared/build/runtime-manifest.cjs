// The federation plugin's mf-manifest.json does not say whether a build shares its runtime core, and the release
// check needs to know (docs/decisions/federation-runtime.md): a remote that runs on the shell's runtime core must be
// refused under a shell that provides none. This writes it as `metaData.federationRuntime`: 'provides' (the shell),
// 'external' (a remote without a runtime core of its own); a build that keeps its own copy gets no mark.
const MANIFEST = 'mf-manifest.json';

class FederationRuntimeManifestPlugin {
  /** @param {{ runtime: 'provides' | 'external' | 'own' }} options as given to federationConfig */
  constructor({ runtime }) {
    this.runtime = runtime;
  }

  apply(compiler) {
    if (this.runtime === 'own') return;
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FederationRuntimeManifestPlugin', (compilation) => {
      // After the manifest plugin, which emits the file at PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER.
      const stage = Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: 'FederationRuntimeManifestPlugin', stage }, () => {
        const asset = compilation.getAsset(MANIFEST);
        if (!asset) {
          compilation.errors.push(new Error(`FederationRuntimeManifestPlugin: no ${MANIFEST} to mark`));
          return;
        }
        const manifest = JSON.parse(asset.source.source().toString());
        manifest.metaData.federationRuntime = this.runtime;
        compilation.updateAsset(MANIFEST, new sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

module.exports = { FederationRuntimeManifestPlugin, MANIFEST };
