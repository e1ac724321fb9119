const path = require('node:path');
const { createWebpackConfig } = require('@home-energy/shared/webpack');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'mfe_console',
  title: 'Home Energy – console',
  devPort: 3103,
  exposes: { './App': './src/app/app.tsx' },
  pages: path.join(__dirname, 'pages.cjs'),
  // The chart library runs whole in a chart's first draw: compiled when its chunk loads, not inside that draw.
  compileOnLoad: /[\\/]node_modules[\\/]apexcharts[\\/]/,
});
