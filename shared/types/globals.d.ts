// Compile-time constants injected by shared/build/webpack.cjs (DefinePlugin) and webpack's own public path.
declare const __REMOTE_NAME__: string;
declare const __PACKAGE_VERSION__: string;
declare const __BUILD_ID__: string;
declare let __webpack_public_path__: string;
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
