import {
  checkRuntimeAgainstShell,
  checkSharedAgainstShell,
  manifestSchema,
  runtimeOf,
  type FederationRuntime,
  type ManifestShared,
} from '../compat';

const shell: ManifestShared[] = [
  { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: 'i18next', version: '26.7.2', singleton: true, requiredVersion: '^26.7.2' },
  { name: '@home-energy/shared', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
];

describe('checkSharedAgainstShell', () => {
  it('is ok when the shell version satisfies every range the remote asks for', () => {
    const result = checkSharedAgainstShell(
      [
        { name: 'react', version: '19.0.0', singleton: true, requiredVersion: '^19.0.0' },
        { name: 'i18next', version: '26.7.2', singleton: true, requiredVersion: '^26.7.2' },
      ],
      shell,
    );
    expect(result).toEqual([
      { name: 'react', requiredVersion: '^19.0.0', shellVersion: '19.3.1', ok: true },
      { name: 'i18next', requiredVersion: '^26.7.2', shellVersion: '26.7.2', ok: true },
    ]);
  });

  it('reports a problem when the shell version is outside the remote range', () => {
    const [check] = checkSharedAgainstShell(
      [{ name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' }],
      shell,
    );
    expect(check).toMatchObject({ name: 'react', requiredVersion: '^20.0.0', shellVersion: '19.3.1', ok: false });
    expect(check.problem).toContain('^20.0.0');
    expect(check.problem).toContain('19.3.1');
  });

  it('reports a problem when the remote needs a newer minor than the shell has', () => {
    const [check] = checkSharedAgainstShell(
      [{ name: 'react', version: '19.4.0', singleton: true, requiredVersion: '^19.4.0' }],
      shell,
    );
    expect(check.ok).toBe(false);
  });

  it('reports a problem when the shell does not provide a singleton at all', () => {
    const [check] = checkSharedAgainstShell(
      [{ name: 'react-router', version: '7.18.5', singleton: true, requiredVersion: '^7.18.5' }],
      shell,
    );
    expect(check).toMatchObject({ name: 'react-router', shellVersion: null, ok: false });
    expect(check.problem).toContain('react-router');
  });

  it('ignores shared modules that are not singletons', () => {
    const result = checkSharedAgainstShell(
      [
        { name: 'lodash', version: '4.17.21', singleton: false, requiredVersion: '^4.17.21' },
        { name: 'zod', version: '4.6.7', requiredVersion: '^99.0.0' },
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
      ],
      shell,
    );
    expect(result.map((r) => r.name)).toEqual(['react']);
    expect(result[0].ok).toBe(true);
  });

  it('accepts any shell version when the remote has no required version', () => {
    const result = checkSharedAgainstShell(
      [
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: false },
        { name: 'react-dom', version: '19.3.1', singleton: true },
      ],
      shell,
    );
    expect(result).toEqual([
      { name: 'react', requiredVersion: null, shellVersion: '19.3.1', ok: true },
      { name: 'react-dom', requiredVersion: null, shellVersion: '19.3.1', ok: true },
    ]);
  });

  it('checks every singleton and reports each one separately', () => {
    const result = checkSharedAgainstShell(
      [
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
        { name: 'react-dom', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' },
        { name: 'react-redux', version: '9.3.1', singleton: true, requiredVersion: '^9.3.1' },
      ],
      shell,
    );
    expect(result.map((r) => [r.name, r.ok])).toEqual([
      ['react', true],
      ['react-dom', false],
      ['react-redux', false],
    ]);
  });

  it('returns nothing when the remote shares nothing', () => {
    expect(checkSharedAgainstShell([], shell)).toEqual([]);
  });
});

describe('checkRuntimeAgainstShell', () => {
  const own = (version?: string): FederationRuntime => ({ version });
  const external = (version?: string): FederationRuntime => ({ version, sharing: 'external' });
  const providing = (version?: string): FederationRuntime => ({ version, sharing: 'provides' });

  it("accepts a remote built against the shell's federation runtime, in any patch version", () => {
    expect(checkRuntimeAgainstShell(own('2.9.2'), own('2.9.2'))).toEqual({
      name: '@module-federation/runtime',
      requiredVersion: '2.9.2',
      shellVersion: '2.9.2',
      external: false,
      shellProvides: false,
      ok: true,
    });
    expect(checkRuntimeAgainstShell(own('2.9.0'), own('2.9.5')).ok).toBe(true);
  });

  it('refuses a remote built against another minor or major version, naming both', () => {
    for (const [remote, shell] of [
      ['2.10.0', '2.9.2'],
      ['2.8.4', '2.9.2'],
      ['3.0.0', '2.9.2'],
    ]) {
      const check = checkRuntimeAgainstShell(own(remote), own(shell));
      expect(check.ok).toBe(false);
      expect(check.problem).toBe(
        `@module-federation/runtime: the remote was built against ${remote} but the shell provides ${shell}`,
      );
    }
  });

  it('refuses when only one side names its runtime, and has nothing to compare when neither does', () => {
    expect(checkRuntimeAgainstShell(own(), own('2.9.2'))).toMatchObject({ ok: false, requiredVersion: null });
    expect(checkRuntimeAgainstShell(own('2.9.2'), own())).toMatchObject({ ok: false, shellVersion: null });
    expect(checkRuntimeAgainstShell(own(), own()).ok).toBe(true);
  });

  describe('a remote without a runtime core of its own (external runtime)', () => {
    it('runs on a shell that provides its runtime, in the same major and minor version', () => {
      expect(checkRuntimeAgainstShell(external('2.9.2'), providing('2.9.4'))).toEqual({
        name: '@module-federation/runtime',
        requiredVersion: '2.9.2',
        shellVersion: '2.9.4',
        external: true,
        shellProvides: true,
        ok: true,
      });
    });

    it('is refused under a shell that provides no runtime, whatever the versions', () => {
      for (const shell of [own('2.9.2'), own()]) {
        expect(checkRuntimeAgainstShell(external('2.9.2'), shell)).toMatchObject({
          ok: false,
          external: true,
          shellProvides: false,
          problem:
            "@module-federation/runtime: the remote runs on the shell's runtime core, but the shell provides none",
        });
      }
    });

    it('is refused under a shell that provides another major or minor version', () => {
      for (const [remote, shell] of [
        ['2.9.2', '2.10.0'],
        ['2.9.2', '3.0.0'],
      ]) {
        const check = checkRuntimeAgainstShell(external(remote), providing(shell));
        expect(check).toMatchObject({ ok: false, external: true, shellProvides: true });
        expect(check.problem).toBe(
          `@module-federation/runtime: the remote was built against ${remote} but the shell provides ${shell}`,
        );
      }
    });
  });

  it('a remote with its own runtime still runs under a shell that provides one', () => {
    expect(checkRuntimeAgainstShell(own('2.9.2'), providing('2.9.2'))).toMatchObject({ ok: true, external: false });
  });
});

describe('runtimeOf', () => {
  const manifest = (metaData: Record<string, unknown>) =>
    manifestSchema.parse({ name: 'mfe_results', metaData, shared: [], exposes: [] });

  it("reads the plugin version and the build's runtime sharing from the manifest", () => {
    expect(runtimeOf(manifest({ pluginVersion: '2.9.2', federationRuntime: 'external' }))).toEqual({
      version: '2.9.2',
      sharing: 'external',
    });
    expect(runtimeOf(manifest({ pluginVersion: '2.9.2' }))).toEqual({ version: '2.9.2', sharing: undefined });
  });

  it('does not take a manifest whose runtime sharing it does not know', () => {
    const parsed = manifestSchema.safeParse({
      name: 'mfe_results',
      metaData: { pluginVersion: '2.9.2', federationRuntime: 'borrowed' },
      shared: [],
      exposes: [],
    });
    expect(parsed.success).toBe(false);
  });
});
