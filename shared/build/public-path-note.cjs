// Remotes are built with `output.publicPath: 'auto'` (webpack.cjs): a release's URL is known only when it is served,
// so each remote finds its chunks beside its own remoteEntry.js, and the shell finds the remote's files beside its
// mf-manifest.json (docs/decisions/federation-runtime.md "publicPath"). The manifest plugin notes that choice on every
// build; this drops that one note and lets every other line of the plugin through.
const MANIFEST_LOGGER = 'Module Federation Manifest Plugin';
const AUTO_NOTE = "publicPath='auto'";

const isAutoPublicPathNote = (name, type, args) =>
  name === MANIFEST_LOGGER && type === 'warn' && args.some((a) => typeof a === 'string' && a.includes(AUTO_NOTE));

/** Must come before ModuleFederationPlugin in `plugins`: the manifest plugin logs the note while it is applied. */
class PublicPathNotePlugin {
  apply(compiler) {
    compiler.hooks.infrastructureLog.tap('PublicPathNotePlugin', (name, type, args) =>
      isAutoPublicPathNote(name, type, args) ? true : undefined,
    );
  }
}

module.exports = { PublicPathNotePlugin };
