// The common webpack config of every front-end package (shell and remotes); each package's webpack.config.js
// only says who it is. Federation options come from federation.cjs.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { federationConfig } = require('./federation.cjs');
const { BootPreloadPlugin } = require('./boot-preload.cjs');
const { PaintFirstPlugin } = require('./paint-first.cjs');
const { PublicPathNotePlugin } = require('./public-path-note.cjs');
const { CompileHintsPlugin } = require('./compile-hints.cjs');
const { precompressPlugins } = require('./precompress.cjs');
const { FederationRuntimeManifestPlugin } = require('./runtime-manifest.cjs');
const { RemotePagesPlugin } = require('./pages.cjs');

// The shell's boot travels in three files: React, the other libraries and shared package, and the shell's own code,
// instead of one chunk per shared library (18 files). On a phone's network each file is a request of its own, six at
// a time per host, each paying the latency (docs/decisions/boot-in-few-files.md).
const modulePath = (module) => module.nameForCondition?.() ?? '';
const inNodeModules = (module, names) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`).test(modulePath(module));
// A consumed singleton stays where it is imported: its provider's code loads these chunks, which must not wait on it.
const movable = (module) => module.type !== 'consume-shared-module' && !inNodeModules(module, 'web-vitals');
const BOOT_CHUNKS = {
  default: false,
  defaultVendors: false,
  react: {
    chunks: 'async',
    name: 'react',
    enforce: true,
    priority: 20,
    test: (module) => movable(module) && inNodeModules(module, 'react|react-dom|scheduler'),
  },
  libraries: {
    chunks: 'async',
    name: 'libraries',
    enforce: true,
    priority: 10,
    test: (module) => movable(module) && !/[\\/]shell[\\/]src[\\/]/.test(modulePath(module)),
  },
};

function hashedName(production, pathData, ext) {
  const hashed = production && pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript;
  return hashed ? `[name].[contenthash:10].${ext}` : `[name].${ext}`;
}

/**
 * react-router's package exports name only its development build, whose dev warnings (their checks on every render
 * and their console messages) would reach every user's browser: a production build takes the production build the
 * package ships beside it, the same modules with the warnings off.
 */
function reactRouterProduction(pkgDir) {
  const manifest = require.resolve('react-router/package.json', { paths: [pkgDir] });
  return path.join(path.dirname(manifest), 'dist', 'production', 'index.mjs');
}

/**
 * @param {{ pkgDir: string, name: string, title: string, exposes?: Record<string,string>,
 *           runtimePlugins?: string[], devPort: number, isHost?: boolean,
 *           firstPaintPages?: { filename: string, lang: string, pageTitle: string,
 *                               firstPaint: { css: string, html: string } }[],
 *           pages?: string, compileOnLoad?: RegExp }} options
 *   firstPaintPages: extra copies of index.html with the shell's frame of a static first paint (shell only)
 *   pages: a remote's pages.cjs, whose pages the build writes into pages.json (pages.cjs)
 *   compileOnLoad: modules (by path) whose chunks V8 compiles whole when they load (compile-hints.cjs)
 */
function createWebpackConfig({
  pkgDir,
  name,
  title,
  exposes,
  runtimePlugins,
  devPort,
  isHost = false,
  firstPaintPages = [],
  pages,
  compileOnLoad,
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const pkg = require(path.join(pkgDir, 'package.json'));
    // The host serves the shared UI's `common` texts, which live beside that UI in shared/locales.
    const localesDir = isHost ? path.join(__dirname, '..', 'locales') : path.join(pkgDir, 'locales');
    const bffUrl = process.env.BFF_URL || 'http://127.0.0.1:3000';
    // One federation runtime core per page, the shell's; a remote's standalone dev page has no shell to take it from.
    const runtime = isHost ? 'provides' : production ? 'external' : 'own';
    return {
      mode: production ? 'production' : 'development',
      context: pkgDir,
      entry: './src/index.ts',
      // Production maps are written beside the build for decoding stack traces but not linked from the code (no
      // sourceMappingURL) and never served (bff/src/web/static.ts; docs/security.md "Hardening and security").
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        // MFE_OUT_DIR lets a release build go elsewhere than dist/ (the e2e release test does not touch dist/).
        path: process.env.MFE_OUT_DIR ? path.resolve(process.env.MFE_OUT_DIR) : path.join(pkgDir, 'dist'),
        // Remotes resolve chunks next to their manifest (any release URL); the shell lives at the origin root.
        publicPath: isHost ? '/' : 'auto',
        // A function: the federation runtime asks for file names before content hashes exist (only for their folder).
        filename: (pathData) => hashedName(production, pathData, 'js'),
        chunkFilename: (pathData) => hashedName(production, pathData, 'js'),
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        alias: production ? { 'react-router$': reactRouterProduction(pkgDir) } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
          // A release holds no SVG file (a document that can run script in the site's origin, docs/security.md
          // "Release trust model"): an imported SVG becomes a data: URL in the code, an image only.
          { test: /\.svg$/, type: 'asset/inline' },
          { test: /\.(png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __REMOTE_NAME__: JSON.stringify(name),
          __PACKAGE_VERSION__: JSON.stringify(pkg.version),
          // Shown in the page's data-build attribute: proves which release the browser runs.
          __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || (production ? 'prod' : 'dev')),
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        // A remote's standalone page is for its dev server only: a release holds no HTML (bff release-check.ts).
        ...(isHost || !production
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title,
                chunks: ['main'],
                // The standalone page is served from the root whatever the client route (history fallback).
                publicPath: '/',
              }),
            ]
          : []),
        ...firstPaintPages.map(
          (page) =>
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title,
              chunks: ['main'],
              publicPath: '/',
              ...page,
            }),
        ),
        ...(fs.existsSync(localesDir)
          ? [new CopyWebpackPlugin({ patterns: [{ from: localesDir, to: 'locales' }] })]
          : []),
        // Before the federation plugin, which logs its publicPath note while it is applied.
        ...(isHost ? [] : [new PublicPathNotePlugin()]),
        new ModuleFederationPlugin(federationConfig({ name, pkgDir, exposes, runtimePlugins, runtime })),
        new FederationRuntimeManifestPlugin({ runtime }),
        // A remote's pages travel with its release, beside its manifest (pages.cjs).
        ...(pages ? [new RemotePagesPlugin({ remote: pkg.name, pagesModule: pages })] : []),
        // The host's index.html preloads what its boot needs (production: dev chunks are not worth a hint).
        ...(isHost && production ? [new BootPreloadPlugin()] : []),
        // Pages with a static first paint start the app after that paint (shared/src/mfe/paint-first-script.cjs).
        ...(firstPaintPages.length > 0 ? [new PaintFirstPlugin()] : []),
        ...(compileOnLoad && production ? [new CompileHintsPlugin({ modules: compileOnLoad })] : []),
        ...(production ? precompressPlugins() : []),
      ],
      optimization: production
        ? {
            ...(isHost ? { splitChunks: { cacheGroups: BOOT_CHUNKS } } : {}),
            minimizer: [
              new (require('minimizer-webpack-plugin'))({
                minify: require('minimizer-webpack-plugin').swcMinify,
                // License comments stay in the code they belong to: no *.LICENSE.txt beside it (a release holds
                // no text files, bff/src/modules/releases/release-check.ts).
                extractComments: false,
              }),
            ],
          }
        : {},
      performance: { hints: false },
      watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
      devServer: {
        host: '127.0.0.1',
        port: devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Standalone dev talks to a running BFF for /api and /locales (npm start in another terminal).
        proxy: [{ context: ['/api', '/locales', '/mfe'], target: bffUrl, changeOrigin: true }],
        client: { overlay: { runtimeErrors: false } },
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig };
