/**
 * The singleton check decides only what the federation runtime's own semver check would decide the same way, and
 * hands every other case back to the runtime (which then checks and warns as it always did).
 */
import { satisfy } from '@module-federation/runtime-core';
import { caretSatisfied, resolveSingleton } from '../singleton-check-plugin';

const VERSIONS = [
  '0.0.3',
  '0.0.4',
  '0.2.0',
  '0.2.5',
  '0.3.0',
  '1.0.0',
  '1.4.2',
  '2.0.0',
  '19.2.0',
  '19.2.1',
  '19.10.0',
];
const RANGES = ['^0.0.3', '^0.2.1', '^1.4.2', '^19.2.0', '^19.2.1', '^2.0.0', '^0.3.0'];

describe('caretSatisfied', () => {
  it('agrees with the runtime on every exact version against every "^x.y.z" range', () => {
    for (const version of VERSIONS)
      for (const range of RANGES)
        expect([version, range, caretSatisfied(version, range)]).toEqual([version, range, satisfy(version, range)]);
  });

  it('leaves other ranges and versions undecided', () => {
    for (const [version, range] of [
      ['19.2.0', '~19.2.0'],
      ['19.2.0', '>=19'],
      ['19.2.0', '*'],
      ['19.2.0', '^19.2.0 || ^20.0.0'],
      ['19.2.0-rc.1', '^19.2.0'],
      ['19.2', '^19.2.0'],
    ])
      expect(caretSatisfied(version, range)).toBeUndefined();
  });
});

describe('resolveSingleton', () => {
  const react = { version: '19.2.1', from: 'shell' };
  const args = (requiredVersion: string | false, extra: Record<string, unknown> = {}) => {
    const defaultResolver = jest.fn(() => undefined);
    return {
      defaultResolver,
      args: {
        shareScopeMap: { default: { react: { '19.2.1': react } } },
        scope: 'default',
        pkgName: 'react',
        version: '19.2.1',
        shareInfo: { version: '19.2.1', from: 'mfe_flow', shareConfig: { singleton: true, requiredVersion }, ...extra },
        GlobalFederation: {},
        resolver: defaultResolver,
      } as unknown as Parameters<typeof resolveSingleton>[0],
    };
  };

  it('answers a satisfied singleton with the registered share, without the runtime’s check', () => {
    const { args: given, defaultResolver } = args('^19.2.0');
    const resolved = resolveSingleton(given);
    expect(resolved.resolver()).toEqual({ shared: react, useTreesShaking: false });
    expect(defaultResolver).not.toHaveBeenCalled();
    expect(Object.keys(resolved).sort()).toEqual(Object.keys(given).sort());
  });

  it('hands a version outside the range, another kind of range or a tree-shaken share to the runtime', () => {
    for (const { args: given } of [
      args('^19.3.0'),
      args('>=19'),
      args(false),
      args('^19.2.0', { treeShaking: { mode: 'runtime-infer' } }),
    ])
      expect(resolveSingleton(given)).toBe(given);
  });
});
