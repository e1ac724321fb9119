import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// A federation runtime plugin in every build (shared/build/federation.cjs): when a shared singleton is consumed, the
// runtime checks the version it picked against the consumer's range with its general semver parser, which builds its
// regular expressions anew on every call. On a page load that was ≈ 20 ms of main-thread time in two of the boot's
// tasks and more when a remote loads (docs/performance.md). Our ranges are the exact pins of package.json made
// "^x.y.z" (shared/build/federation.cjs), so this checks those directly; any other range, any version outside it and
// any tree-shaken share are left to the runtime, which decides and warns as before.

const EXACT = /^(\d+)\.(\d+)\.(\d+)$/;
const CARET = /^\^(\d+)\.(\d+)\.(\d+)$/;

/** Whether `version` is within `range` for an exact version and a "^x.y.z" range; undefined for anything else. */
export function caretSatisfied(version: string, range: string): boolean | undefined {
  const have = EXACT.exec(version);
  const want = CARET.exec(range.trim());
  if (!have || !want) return undefined;
  const [major, minor, patch] = have.slice(1).map(Number) as [number, number, number];
  const [wantMajor, wantMinor, wantPatch] = want.slice(1).map(Number) as [number, number, number];
  // Semver's caret: the left-most non-zero part is fixed, the rest may only grow.
  if (wantMajor > 0) return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  if (wantMinor > 0) return major === 0 && minor === wantMinor && patch >= wantPatch;
  return major === 0 && minor === 0 && patch === wantPatch;
}

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

export function resolveSingleton(args: ResolveShareArgs): ResolveShareArgs {
  const { shareScopeMap, scope, pkgName, version, shareInfo } = args;
  const config = shareInfo.shareConfig;
  if (!config?.singleton || shareInfo.treeShaking || typeof config.requiredVersion !== 'string') return args;
  if (caretSatisfied(version, config.requiredVersion) !== true) return args;
  const shared = shareScopeMap[scope]?.[pkgName]?.[version];
  if (!shared) return args;
  return { ...args, resolver: () => ({ shared, useTreesShaking: false }) };
}

export default function singletonCheckPlugin(): ModuleFederationRuntimePlugin {
  return { name: 'home-energy-singleton-check', resolveShare: resolveSingleton };
}
