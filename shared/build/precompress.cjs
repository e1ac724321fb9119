// Every built file the browser fetches gets .br (brotli quality 11) and .gz (gzip level 9) siblings, made once here:
// the BFF sends a sibling instead of compressing the file on every request (bff/src/web/precompressed.ts).
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

// Maps are never served and HTML pages are rewritten per request (bff/src/web/static.ts), so neither is included.
const SERVED_TEXT = /\.(js|css|json|svg|txt)$/;
// compression()'s threshold: smaller files are sent as they are.
const THRESHOLD_BYTES = 1024;

function precompressPlugins() {
  const common = { test: SERVED_TEXT, threshold: THRESHOLD_BYTES, minRatio: 0.8 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

module.exports = { precompressPlugins };
