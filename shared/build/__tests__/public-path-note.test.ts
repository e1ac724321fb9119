import os from 'node:os';
import { Writable } from 'node:stream';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { PublicPathNotePlugin } from '../public-path-note.cjs';

/** The warnings the manifest plugin logs while a remote's compiler (publicPath 'auto') is made. */
function manifestWarnings(plugins: webpack.WebpackPluginInstance[]): string[] {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  webpack({
    mode: 'production',
    context: __dirname,
    entry: {},
    output: { publicPath: 'auto', path: os.tmpdir() },
    infrastructureLogging: { stream: stream as unknown as NodeJS.WritableStream, colors: false, level: 'warn' },
    plugins: [
      ...plugins,
      new ModuleFederationPlugin({ name: 'note_test', filename: 'remoteEntry.js', manifest: true, dts: false }),
    ],
  });
  return lines.filter((line) => line.includes('Module Federation Manifest Plugin'));
}

describe('PublicPathNotePlugin', () => {
  it('without it, the manifest plugin warns about the remote publicPath being auto', () => {
    const warnings = manifestWarnings([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("publicPath='auto'");
  });

  it("drops that note, and the manifest plugin then has no other warning for a remote's build", () => {
    expect(manifestWarnings([new PublicPathNotePlugin()])).toEqual([]);
  });
});
