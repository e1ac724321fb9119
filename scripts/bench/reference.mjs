// The reference row of the front-end bench (docs/performance.md "Lab bench"): what module federation itself costs on
// this machine. A host and one remote with the product's React, webpack and @module-federation/enhanced versions (the
// repo's own node_modules), the remote found at run time and rendering one heading, built for production and served
// as the product serves its files (gzip, immutable caching of hashed files). Each page's cost is shown as a multiple
// of this one's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Content-hashed names where webpack has a hash for the chunk, as the product's build names them (shared/build).
const hashed = (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js');

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference');

function config(require, { name, entry, outDir, publicPath, federation, html }) {
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const shared = {
    react: { singleton: true, requiredVersion: false },
    'react/': { singleton: true, requiredVersion: false },
    'react-dom': { singleton: true, requiredVersion: false },
    'react-dom/': { singleton: true, requiredVersion: false },
  };
  return {
    name,
    mode: 'production',
    context: here,
    entry: path.join(here, entry),
    output: { path: outDir, publicPath, filename: hashed, chunkFilename: hashed, clean: true },
    resolve: { modules: [path.join(path.dirname(require.resolve('react/package.json')), '..')] },
    plugins: [
      new ModuleFederationPlugin({ name, shared, dts: false, ...federation }),
      ...(html ? [new HtmlWebpackPlugin({ templateContent: html, inject: 'body' })] : []),
    ],
  };
}

const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>
<body><div id="root"></div></body></html>`;

function build(webpack, configs) {
  return new Promise((resolve, reject) =>
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
}

/** Builds the reference into a temporary folder and serves it on a free loopback port: { base, stop }. */
export async function startReference(root) {
  const require = createRequire(path.join(root, 'shell', 'package.json'));
  const webpack = require('webpack');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reference-'));
  await build(webpack, [
    config(require, {
      name: 'reference_host',
      entry: 'host/index.js',
      outDir: path.join(out, 'host'),
      publicPath: '/',
      federation: { remotes: {} },
      html: HTML,
    }),
    config(require, {
      name: 'reference_remote',
      entry: 'remote/index.js',
      outDir: path.join(out, 'remote'),
      publicPath: 'auto',
      federation: { filename: 'remoteEntry.js', exposes: { './App': './remote/app.js' }, manifest: true },
    }),
  ]);
  const express = createRequire(path.join(root, 'bff', 'package.json'))('express');
  const compression = createRequire(path.join(root, 'bff', 'package.json'))('compression');
  const app = express();
  app.use(compression());
  const files = (dir) =>
    express.static(dir, {
      setHeaders: (res, file) =>
        res.setHeader(
          'Cache-Control',
          /\.[0-9a-f]{8,}\.js$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  app.use('/remote', files(path.join(out, 'remote')));
  app.use(files(path.join(out, 'host')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(out, { recursive: true, force: true });
    },
  };
}
