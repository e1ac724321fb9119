import { expect, test } from '@playwright/test';
import { REMOTE_PACKAGES, registry, signInStaff, SUPER_ADMIN, type RemoteName } from './support';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

type ShareSummary = Record<string, { versions: string[]; from: string[]; useIn: string[] }>;

/** What the federation runtime says about each shared package on the current page. */
function sharedSummary(page: import('@playwright/test').Page): Promise<ShareSummary> {
  return page.evaluate(() => {
    type Info = { from: string; loaded?: boolean; useIn: string[] };
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Info>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, { versions: string[]; from: string[]; useIn: string[] }> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          const entry = (result[name] ??= { versions: [], from: [], useIn: [] });
          for (const [version, info] of Object.entries(versions)) {
            if (!entry.versions.includes(version)) entry.versions.push(version);
            if (info.loaded && !entry.from.includes(info.from)) entry.from.push(info.from);
            for (const user of info.useIn) if (!entry.useIn.includes(user)) entry.useIn.push(user);
          }
        }
      }
    }
    return result;
  });
}

const PAGES: [RemoteName, string][] = [
  ['mfe_flow', '/'],
  ['mfe_results', '/property/1/building/primary/results-dashboard'],
  ['mfe_console', '/console/org/demo-energi'],
  ['mfe_admin', '/console/admin'],
];

test('React and the shared package load once, from the shell, and every remote uses them', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signInStaff(page, SUPER_ADMIN);

  for (const [remote, path] of PAGES) {
    await page.goto(path);
    await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
    // The federation runtime agrees: one version of each singleton, provided by the shell, used by this remote.
    const shares = await sharedSummary(page);
    for (const name of [
      'react',
      'react-dom',
      'react/jsx-runtime',
      '@home-energy/shared',
      '@home-energy/shared/router',
    ]) {
      expect(shares[name]?.versions, name).toHaveLength(1);
      expect(shares[name]?.from, name).toEqual(['shell']);
    }
    expect(shares['react/jsx-runtime'].useIn).toContain(remote);
    expect(shares['@home-energy/shared'].useIn).toContain(remote);
  }

  // One registry fetch per page load: the footer reads what the shell registered at boot.
  expect(requested.filter((path) => path === '/api/mfe/registry')).toHaveLength(PAGES.length);

  // No remote's own copy of a singleton was fetched: its chunk URLs are listed in the remote's manifest.
  const { remotes } = await registry(page);
  expect(remotes.map((r) => r.name).sort()).toEqual(Object.keys(REMOTE_PACKAGES).sort());
  for (const remote of remotes) {
    const manifest = (await (await page.request.get(remote.entry)).json()) as { shared: ManifestShared[] };
    const base = new URL(remote.entry).pathname.replace(/mf-manifest\.json$/, '');
    const ownCopies = manifest.shared
      .filter((s) => /^(react|react-dom)(\/|$)|^@home-energy\/shared$/.test(s.name))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .map((file) => `${base}${file}`);
    expect(ownCopies.length).toBeGreaterThan(0);
    expect(
      requested.filter((path) => ownCopies.includes(path)),
      `${remote.name} fetched its own react/shared`,
    ).toEqual([]);
    // ...while the remote's own code was fetched (so the check above is about a real visit).
    expect(requested.some((path) => path.startsWith(base))).toBe(true);
  }
});
