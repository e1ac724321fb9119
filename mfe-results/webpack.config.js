const path = require('node:path');
const { createWebpackConfig } = require('@home-energy/shared/webpack');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'mfe_results',
  title: 'Home Energy – results',
  devPort: 3102,
  exposes: { './App': './src/app/app.tsx' },
  pages: path.join(__dirname, 'pages.cjs'),
});
