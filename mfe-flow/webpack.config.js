const path = require('node:path');
const { createWebpackConfig } = require('@home-energy/shared/webpack');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'mfe_flow',
  title: 'Home Energy – flow',
  devPort: 3101,
  exposes: { './App': './src/app/app.tsx' },
  pages: path.join(__dirname, 'pages.cjs'),
});
