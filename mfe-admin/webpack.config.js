const path = require('node:path');
const { createWebpackConfig } = require('@home-energy/shared/webpack');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'mfe_admin',
  title: 'Home Energy – admin',
  devPort: 3104,
  exposes: { './App': './src/app/app.tsx' },
  pages: path.join(__dirname, 'pages.cjs'),
  // The Speed page's chart library runs whole in its first draw: compiled when its chunk loads (as the console's).
  compileOnLoad: /[\\/]node_modules[\\/]apexcharts[\\/]/,
});
