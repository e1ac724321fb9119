/**
 * The package's costly modules, each after the modules it imports: zod builds every schema, and RTK Query every
 * endpoint, when their module evaluates. A host that evaluates these one per main-thread task before it imports the
 * entry (shell/src/boot/boot.ts) splits the entry's evaluation into short tasks; the entry then only looks them up.
 * The imports are relative, so they are the very modules the entry imports (one instance each;
 * build/__tests__/boot-shared-modules.test.ts checks it), and eager: they travel in the importer's chunk.
 */
export const EVALUATION_ORDER: readonly (() => Promise<unknown>)[] = [
  // One export named each: a dynamic import otherwise marks every export used, and zod's namespaces (all its locales,
  // its JSON Schema tools) would no longer be tree-shaken away.
  () => import(/* webpackMode: "eager", webpackExports: ["$constructor"] */ 'zod/v4/core'),
  () => import(/* webpackMode: "eager", webpackExports: ["ZodType"] */ 'zod'),
  () => import(/* webpackMode: "eager" */ './mfe/remotes'),
  () => import(/* webpackMode: "eager" */ './schemas/ids'),
  () => import(/* webpackMode: "eager" */ './schemas/dates'),
  () => import(/* webpackMode: "eager" */ './schemas/url'),
  () => import(/* webpackMode: "eager" */ './schemas/session'),
  () => import(/* webpackMode: "eager" */ './schemas/brand-colours'),
  () => import(/* webpackMode: "eager" */ './schemas/brand'),
  () => import(/* webpackMode: "eager" */ './schemas/bankid'),
  () => import(/* webpackMode: "eager" */ './schemas/energy'),
  () => import(/* webpackMode: "eager" */ './schemas/installer-leads'),
  () => import(/* webpackMode: "eager" */ './schemas/property-flow'),
  () => import(/* webpackMode: "eager" */ './schemas/lenders'),
  () => import(/* webpackMode: "eager" */ './schemas/plan'),
  () => import(/* webpackMode: "eager" */ './schemas/analytics'),
  () => import(/* webpackMode: "eager" */ './schemas/content'),
  () => import(/* webpackMode: "eager" */ './schemas/configuration'),
  () => import(/* webpackMode: "eager" */ './schemas/validation-queue'),
  () => import(/* webpackMode: "eager" */ './schemas/property-lookup'),
  () => import(/* webpackMode: "eager" */ './schemas/account'),
  () => import(/* webpackMode: "eager" */ './i18n/i18n'),
  () => import(/* webpackMode: "eager" */ './api/base-api'),
  () => import(/* webpackMode: "eager" */ './api/brand-api'),
  () => import(/* webpackMode: "eager" */ './api/messages-api'),
  () => import(/* webpackMode: "eager" */ './api/profile-api'),
  () => import(/* webpackMode: "eager" */ './api/property-api'),
  () => import(/* webpackMode: "eager" */ './api/registry-api'),
  () => import(/* webpackMode: "eager" */ './auth/session'),
  () => import(/* webpackMode: "eager" */ './store/create-store'),
];
