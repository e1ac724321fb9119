const { createWebpackConfig } = require('@home-energy/shared/webpack');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'mfe_admin',
  title: 'Home Energy – admin',
  devPort: 3104,
  exposes: { './App': './src/app/app.tsx' },
});
