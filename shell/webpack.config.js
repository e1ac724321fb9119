const { createWebpackConfig } = require('@home-energy/shared/webpack');
const { firstPaintPages } = require('./first-paint.cjs');

module.exports = createWebpackConfig({
  pkgDir: __dirname,
  name: 'shell',
  title: 'Home energy',
  devPort: 3100,
  isHost: true,
  firstPaintPages: firstPaintPages(),
});
