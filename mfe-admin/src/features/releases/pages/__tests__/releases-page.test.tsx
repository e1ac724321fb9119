import '../../../../testing/setup-dom';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff, type FakeRoute } from '@home-energy/shared/testing/fake-bff';
import type { AdminRelease, AdminReleaseList, AdminReleaseToken } from '@home-energy/shared/schemas/admin';
import { renderAdmin, sessions, texts } from '../../../../testing/render-admin';
import { watchUsableMarks } from '@home-energy/shared/testing/usable-marks';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.admin;
const OK = [
  { name: 'react', requiredVersion: '^19.3.1', shellVersion: '19.3.1', ok: true },
  { name: '@home-energy/shared', requiredVersion: '^0.1.0', shellVersion: '0.1.0', ok: true },
];
// As the product builds them: the remote runs on the runtime core the shell provides.
const RUNTIME = {
  name: '@module-federation/runtime',
  requiredVersion: '2.9.2',
  shellVersion: '2.9.2',
  external: true,
  shellProvides: true,
  ok: true,
};

function release(version: string, releasedAt: string, extra: Partial<AdminRelease> = {}): AdminRelease {
  return {
    version,
    active: false,
    releasedBy: 'ci',
    releasedAt,
    activatedBy: null,
    activatedAt: null,
    files: 12,
    bytes: 1000,
    checks: OK,
    runtime: RUNTIME,
    compatible: true,
    pages: true,
    audience: null,
    verdict: null,
    health: { sessions: 0, failedSessions: 0, errors: 0 },
    speed: { reports: 0, usableP75: null, inpP75: null },
    ...extra,
  };
}

function releases(): AdminReleaseList {
  return {
    shell: {
      shared: [
        { name: 'react', version: '19.3.1' },
        { name: '@home-energy/shared', version: '0.1.0' },
      ],
      runtime: '2.9.2',
    },
    remotes: [
      {
        remote: 'mfe-flow',
        releases: [
          release('0.1.0-aaaaaaaaaa', '2026-11-01T10:00:00.000Z', {
            active: true,
            activatedBy: 'ci',
            activatedAt: '2026-11-01T10:00:00.000Z',
          }),
        ],
      },
      {
        remote: 'mfe-results',
        releases: [
          release('0.1.0-cccccccccc', '2026-11-20T10:00:00.000Z', {
            active: true,
            activatedBy: 'anna@ops.test',
            activatedAt: '2026-11-20T10:05:00.000Z',
          }),
          release('0.1.0-bbbbbbbbbb', '2026-11-10T10:00:00.000Z', {
            activatedBy: 'ci',
            activatedAt: '2026-11-10T10:00:00.000Z',
          }),
          release('0.0.9-react18xx', '2026-01-10T10:00:00.000Z', {
            compatible: false,
            checks: [
              {
                name: 'react',
                requiredVersion: '^18.2.0',
                shellVersion: '19.3.1',
                ok: false,
                problem: 'react: the remote requires ^18.2.0 but the shell provides 19.3.1',
              },
            ],
          }),
        ],
      },
      { remote: 'mfe-console', releases: [] },
      { remote: 'mfe-admin', releases: [] },
    ],
  };
}

beforeEach(() => setSession(sessions.superAdmin));

const NO_TOKENS: Record<string, FakeRoute> = { 'GET /api/admin/release-tokens': () => [200, { tokens: [] }] };

it("lists every remote's versions with status, who released and activated them and the shared check", async () => {
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, releases()] });
  renderAdmin('/console/admin/releases');
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeTruthy();
  const section = (await screen.findByRole('heading', { level: 2, name: 'mfe-results' })).closest('section')!;
  expect(section.textContent).toContain('Active: 0.1.0-cccccccccc');
  const table = within(section).getByRole('table', { name: 'Releases of mfe-results' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual([
    'Version',
    'Status',
    'Audience',
    'Sessions and errors',
    'Speed (p75, 28 days)',
    'Released',
    'Last activated',
    'Compatible with the shell',
    'Actions',
  ]);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
    '0.1.0-cccccccccc',
    '0.1.0-bbbbbbbbbb',
    '0.0.9-react18xx',
  ]);
  expect(rows[0].textContent).toContain('by anna@ops.test');
  expect(within(rows[0]).getByText('All 3 compatible')).toBeTruthy();
  expect(within(rows[0]).queryByRole('button')).toBeNull();
  expect(within(rows[2]).getByText('1 incompatible')).toBeTruthy();
  expect(within(rows[2]).getByText('react: needs ^18.2.0, but the shell provides 19.3.1.')).toBeTruthy();
  expect(within(rows[2]).getByText(en.releases.cannotActivate)).toBeTruthy();
  const provided = screen.getByText('The shell provides 2 shared libraries and federation runtime 2.9.2');
  const libraries = within(provided.closest('details')!).getAllByRole('listitem', { hidden: true });
  expect(libraries.map((item) => item.textContent)).toEqual(['react 19.3.1', '@home-energy/shared 0.1.0']);
  expect(screen.getByText('No releases of mfe-console yet.')).toBeTruthy();
});

it('says when a release was built against another federation runtime than the shell runs, in Swedish too', async () => {
  const list = releases();
  const otherRuntime = { ...RUNTIME, requiredVersion: '2.10.0', ok: false, problem: 'in English for the log' };
  list.remotes[1].releases[1] = { ...list.remotes[1].releases[1], runtime: otherRuntime, compatible: false };
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, list] });
  renderAdmin('/console/admin/releases');
  const table = await screen.findByRole('table', { name: 'Releases of mfe-results' });
  const row = within(table).getByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' }).closest('tr')!;
  expect(within(row).getByText('1 incompatible')).toBeTruthy();
  expect(
    within(row).getByText(
      'Built against federation runtime 2.10.0, but the shell runs 2.9.2: major and minor versions must match.',
    ),
  ).toBeTruthy();
  expect(within(row).getByText(en.releases.cannotActivate)).toBeTruthy();
  expect(within(row).queryByRole('button', { name: /^Roll back to this/ })).toBeNull();
  const details = within(row).getByRole('list', { name: 'Checks of 0.1.0-bbbbbbbbbb against the running shell' });
  expect(within(details).getByText("federation runtime 2.10.0 on the shell's core ← shell 2.9.2")).toBeTruthy();
  expect(within(details).getByText('react ^19.3.1 ← shell 19.3.1')).toBeTruthy();

  cleanup();
  renderAdmin('/console/admin/releases', { lng: 'sv' });
  const svRow = (await screen.findByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' })).closest('tr')!;
  expect(
    within(svRow).getByText(
      'Byggd mot federationsruntime 2.10.0, men skalet kör 2.9.2: major- och minorversion måste stämma.',
    ),
  ).toBeTruthy();
});

it('says when the shell provides no runtime core to a remote built to run on it, in Swedish too', async () => {
  const list = releases();
  const problem = 'in English for the log';
  const noCore = { ...RUNTIME, requiredVersion: '2.9.2', shellProvides: false, ok: false, problem };
  list.remotes[1].releases[1] = { ...list.remotes[1].releases[1], runtime: noCore, compatible: false };
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, list] });
  renderAdmin('/console/admin/releases');
  const table = await screen.findByRole('table', { name: 'Releases of mfe-results' });
  const row = within(table).getByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' }).closest('tr')!;
  expect(within(row).getByText('1 incompatible')).toBeTruthy();
  expect(within(row).getByText(en.releases.reasonRuntimeNotProvided)).toBeTruthy();
  expect(within(row).getByText(en.releases.cannotActivate)).toBeTruthy();
  const details = within(row).getByRole('list', { name: 'Checks of 0.1.0-bbbbbbbbbb against the running shell' });
  expect(within(details).getByText("federation runtime 2.9.2 on the shell's core ← shell 2.9.2")).toBeTruthy();

  cleanup();
  renderAdmin('/console/admin/releases', { lng: 'sv' });
  const svRow = (await screen.findByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' })).closest('tr')!;
  expect(
    within(svRow).getByText(
      'Byggd för att köra på skalets federationsruntime, men skalet tillhandahåller ingen: släpp först ett skal som ' +
        'gör det.',
    ),
  ).toBeTruthy();
});

it('shows a release built before pages travelled with releases as not activatable, in Swedish too', async () => {
  const list = releases();
  list.remotes[1].releases[1] = { ...list.remotes[1].releases[1], pages: false };
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, list] });
  renderAdmin('/console/admin/releases');
  const table = await screen.findByRole('table', { name: 'Releases of mfe-results' });
  const row = within(table).getByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' }).closest('tr')!;
  expect(
    within(row).getByText(
      'Built before its pages travelled with releases, so it cannot be served: rebuild it and release it again.',
    ),
  ).toBeTruthy();
  expect(within(row).queryByRole('button')).toBeNull();

  cleanup();
  renderAdmin('/console/admin/releases', { lng: 'sv' });
  const svRow = (await screen.findByRole('rowheader', { name: '0.1.0-bbbbbbbbbb' })).closest('tr')!;
  expect(
    within(svRow).getByText(
      'Byggd innan sidorna följde med releasen, så den kan inte användas: bygg om den och släpp den igen.',
    ),
  ).toBeTruthy();
  expect(within(svRow).queryByRole('button')).toBeNull();
});

it('rolls back to an earlier version after confirmation and says how to run it', async () => {
  let list = releases();
  const bff = installFakeBff({
    ...NO_TOKENS,
    'GET /api/admin/releases': () => [200, list],
    'POST /api/admin/releases/mfe-results/([^/]+)/activate': (_r, m) => {
      list = releases();
      const results = list.remotes[1].releases.map((r) => ({ ...r, active: r.version === m[1] }));
      list.remotes[1].releases = results;
      return [200, results.find((r) => r.active)];
    },
  });
  renderAdmin('/console/admin/releases');
  const rollback = await screen.findByRole('button', { name: 'Roll back to this: 0.1.0-bbbbbbbbbb' });
  fireEvent.click(rollback);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, roll back to this' })));
  expect(bff.calls('POST', /activate$/).map((r) => r.path)).toEqual([
    '/api/admin/releases/mfe-results/0.1.0-bbbbbbbbbb/activate',
  ]);
  const notice = await screen.findByText(/mfe-results 0.1.0-bbbbbbbbbb is now active/);
  expect(
    within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: en.releases.reload }),
  ).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Activate: 0.1.0-cccccccccc' })).toBeTruthy();
});

it("shows the server's refusal", async () => {
  installFakeBff({
    ...NO_TOKENS,
    'GET /api/admin/releases': () => [200, releases()],
    'POST /api/admin/releases/mfe-results/0.1.0-bbbbbbbbbb/activate': () => [
      409,
      { error: 'conflict', message: 'The files of mfe-results 0.1.0-bbbbbbbbbb are missing.' },
    ],
  });
  renderAdmin('/console/admin/releases');
  fireEvent.click(await screen.findByRole('button', { name: 'Roll back to this: 0.1.0-bbbbbbbbbb' }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, roll back to this' })));
  expect(await screen.findByText('The files of mfe-results 0.1.0-bbbbbbbbbb are missing.')).toBeTruthy();
});

it('shows an error with retry when the list cannot be loaded', async () => {
  installFakeBff({
    ...NO_TOKENS,
    'GET /api/admin/releases': () => [500, { error: 'internal_error', message: 'Something went wrong on our side.' }],
  });
  renderAdmin('/console/admin/releases');
  expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  expect(screen.getByRole('button', { name: texts.en.common.loadFailed.retry })).toBeTruthy();
});

/** mfe-results with a newer release beside the active one: `canary` makes it the canary (and what its health says). */
function withNewer(newer: Partial<AdminRelease>): AdminReleaseList {
  const list = releases();
  list.remotes[1]!.releases.unshift(release('0.1.1-dddddddddd', '2026-11-25T10:00:00.000Z', newer));
  list.remotes[1]!.releases[1]!.health = { sessions: 400, failedSessions: 4, errors: 5 };
  return list;
}

it("shows each release's audience, sessions and errors, and a canary rolled back automatically", async () => {
  installFakeBff({
    'GET /api/admin/releases': () => [
      200,
      withNewer({
        verdict: { result: 'rolled-back', at: '2026-11-25T11:00:00.000Z', reason: 'errors' },
        health: { sessions: 50, failedSessions: 49, errors: 61 },
      }),
    ],
  });
  renderAdmin('/console/admin/releases');
  const table = await screen.findByRole('table', { name: 'Releases of mfe-results' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]!.textContent).toContain('Nobody');
  expect(rows[0]!.textContent).toContain(en.releases.verdictRolledBack);
  expect(rows[0]!.textContent).toContain('50 sessions, 49 with errors (98 %), 61 errors');
  expect(rows[1]!.textContent).toContain('Everyone');
  expect(rows[1]!.textContent).toContain('400 sessions, 4 with errors (1 %), 5 errors');
  expect(rows[2]!.textContent).toContain('No sessions yet');
});

it.each([
  ['en', '1 session, 1 with errors (100 %), 1 error'],
  ['sv', '1 session, 1 med fel (100 %), 1 fel'],
] as const)('counts one session and one error in the singular (%s)', async (lng, words) => {
  installFakeBff({
    'GET /api/admin/releases': () => [200, withNewer({ health: { sessions: 1, failedSessions: 1, errors: 1 } })],
  });
  renderAdmin('/console/admin/releases', { lng });
  const rows = within(await screen.findByRole('table', { name: /mfe-results/ }))
    .getAllByRole('row')
    .slice(1);
  expect(rows[0]!.textContent).toContain(words);
  expect(rows[1]!.textContent).toContain(lng === 'en' ? '400 sessions' : '400 sessioner');
});

it('says why a canary was rolled back: errors, speed or a super admin', async () => {
  const reasons = ['errors', 'speed', 'manual', null] as const;
  const list = releases();
  list.remotes[1]!.releases = reasons.map((reason, i) =>
    release(`0.2.${i}-eeeeeeeeee`, `2026-11-2${i}T10:00:00.000Z`, {
      verdict: { result: 'rolled-back', at: '2026-11-25T11:00:00.000Z', reason },
    }),
  );
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, list] });
  renderAdmin('/console/admin/releases');
  const table = await screen.findByRole('table', { name: 'Releases of mfe-results' });
  const audience = (version: string) =>
    within(within(table).getByRole('rowheader', { name: version }).closest('tr')!).getAllByRole('cell')[1]!.textContent;
  // The e2e canary test reads the first of these.
  expect(audience('0.2.0-eeeeeeeeee')).toBe('NobodyRolled back: more errors than the active release');
  expect(audience('0.2.1-eeeeeeeeee')).toBe('NobodyRolled back: slower than the active release');
  expect(audience('0.2.2-eeeeeeeeee')).toBe('NobodyRolled back by a super admin');
  // Verdicts from before reasons were kept were all for errors.
  expect(audience('0.2.3-eeeeeeeeee')).toBe('NobodyRolled back: more errors than the active release');

  cleanup();
  renderAdmin('/console/admin/releases', { lng: 'sv' });
  expect(await screen.findByText('Återställd: långsammare än den aktiva versionen')).toBeTruthy();
  expect(screen.getByText('Återställd av en superadministratör')).toBeTruthy();
});

it("shows each release's speed for its users beside its health, in Swedish too", async () => {
  const list = withNewer({ speed: { reports: 1, usableP75: 950, inpP75: null } });
  list.remotes[1]!.releases[1]!.speed = { reports: 1234, usableP75: 1840, inpP75: 120 };
  installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, list] });
  renderAdmin('/console/admin/releases');
  const speedOf = async (version: string) => {
    const row = (await screen.findByRole('rowheader', { name: version })).closest('tr')!;
    return within(row).getAllByRole('cell')[3]!.textContent;
  };
  expect(await speedOf('0.1.1-dddddddddd')).toBe('Usable p75 950 ms (1 page view)');
  expect(await speedOf('0.1.0-cccccccccc')).toBe('Usable p75 1.8 s · INP p75 120 ms (1 234 page views)');
  expect(await speedOf('0.1.0-bbbbbbbbbb')).toBe('No speed reports yet');

  cleanup();
  renderAdmin('/console/admin/releases', { lng: 'sv' });
  expect(await speedOf('0.1.0-cccccccccc')).toBe('Användbar p75 1,8 s · INP p75 120 ms (1 234 sidvisningar)');
  expect(await speedOf('0.1.0-bbbbbbbbbb')).toBe('Inga hastighetsrapporter ännu');
});

it('marks the page usable once the releases are shown, not while they load', async () => {
  const marks = watchUsableMarks();
  try {
    installFakeBff({ ...NO_TOKENS, 'GET /api/admin/releases': () => [200, releases()] });
    renderAdmin('/console/admin/releases');
    expect(marks.paths()).toEqual([]);
    await screen.findByRole('table', { name: 'Releases of mfe-results' });
    expect(marks.paths()).toEqual(['/console/admin/releases']);
  } finally {
    marks.restore();
  }
});

it('starts a canary for a share of sessions, refusing a share outside 1–99 before sending', async () => {
  let list = withNewer({});
  const bff = installFakeBff({
    'GET /api/admin/releases': () => [200, list],
    'GET /api/admin/organisations': () => [200, { organisations: [] }],
    'POST /api/admin/releases/mfe-results/0.1.1-dddddddddd/audience': (request) => {
      list = withNewer({ audience: { kind: 'percent', percent: (request.body as { percent: number }).percent } });
      return [200, list.remotes[1]!.releases[0]];
    },
  });
  renderAdmin('/console/admin/releases');
  const form = await screen.findByRole('form', { name: 'Canary audience of 0.1.1-dddddddddd' });
  const share = within(form).getByLabelText('Share of sessions (%)');
  fireEvent.change(share, { target: { value: '100' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Release to this audience' })));
  expect(within(form).getByRole('alert').textContent).toBe(en.releases.percentInvalid);
  expect(bff.calls('POST', /audience$/)).toEqual([]);
  fireEvent.change(share, { target: { value: '20' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Release to this audience' })));
  expect(bff.calls('POST', /audience$/).map((r) => r.body)).toEqual([{ kind: 'percent', percent: 20 }]);
  const row = (await screen.findByText('20 % of sessions')).closest('tr')!;
  expect(within(row).getByText(en.releases.canary)).toBeTruthy();
});

it('rolls a canary back after confirmation', async () => {
  let list = withNewer({ audience: { kind: 'brand', brand: 'demo-bank' } });
  const bff = installFakeBff({
    'GET /api/admin/releases': () => [200, list],
    'GET /api/admin/organisations': () => [200, { organisations: [] }],
    'POST /api/admin/releases/mfe-results/0.1.1-dddddddddd/rollback': () => {
      list = withNewer({ verdict: { result: 'rolled-back', at: '2026-11-25T11:00:00.000Z', reason: 'manual' } });
      return [200, list.remotes[1]!.releases[0]];
    },
  });
  renderAdmin('/console/admin/releases');
  expect(await screen.findByText('Brand demo-bank')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Roll back canary: 0.1.1-dddddddddd' }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /Yes, roll back canary/i })));
  expect(bff.calls('POST', /rollback$/).map((r) => r.path)).toEqual([
    '/api/admin/releases/mfe-results/0.1.1-dddddddddd/rollback',
  ]);
  expect(await screen.findByText(en.releases.verdictRolledBackManual)).toBeTruthy();
});

describe('release tokens', () => {
  const token = (id: number, extra: Partial<AdminReleaseToken> = {}): AdminReleaseToken => ({
    id,
    remote: 'mfe-results',
    label: 'results team CI',
    createdBy: 'super@demo.test',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    ...extra,
  });

  it('makes a token for one remote and shows it once, then lists it without it', async () => {
    let tokens: AdminReleaseToken[] = [];
    const bff = installFakeBff({
      'GET /api/admin/releases': () => [200, releases()],
      'GET /api/admin/release-tokens': () => [200, { tokens }],
      'POST /api/admin/release-tokens': (request) => {
        tokens = [token(7, { remote: 'mfe-flow', label: 'flow CI' })];
        return [201, { ...tokens[0], token: 'hert_secret-shown-once', ...(request.body as object) }];
      },
    });
    renderAdmin('/console/admin/releases');
    expect(await screen.findByText(en.releaseTokens.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.releaseTokens.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.releaseTokens.labelMissing);
    fireEvent.change(screen.getByLabelText(en.releaseTokens.remote), { target: { value: 'mfe-flow' } });
    fireEvent.change(screen.getByLabelText(en.releaseTokens.label), { target: { value: ' flow CI ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.releaseTokens.create })));
    expect(bff.calls('POST', /release-tokens$/).map((r) => r.body)).toEqual([{ remote: 'mfe-flow', label: 'flow CI' }]);
    const heading = await screen.findByRole('heading', { name: 'New token for mfe-flow (flow CI)' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('release-token-value').textContent).toBe('hert_secret-shown-once');
    fireEvent.click(screen.getByRole('button', { name: en.releaseTokens.done }));
    expect(screen.queryByText('hert_secret-shown-once')).toBeNull();
    const row = (await screen.findByRole('rowheader', { name: 'flow CI' })).closest('tr')!;
    expect(row.textContent).toContain('mfe-flow');
    expect(row.textContent).toContain(en.releaseTokens.valid);
  });

  it('revokes a token after confirmation', async () => {
    let tokens = [
      token(3),
      token(4, { label: 'old CI', revokedAt: '2026-11-21T10:00:00.000Z', revokedBy: 'super@demo.test' }),
    ];
    const bff = installFakeBff({
      'GET /api/admin/releases': () => [200, releases()],
      'GET /api/admin/release-tokens': () => [200, { tokens }],
      'POST /api/admin/release-tokens/3/revoke': () => {
        tokens = tokens.map((t) =>
          t.id === 3 ? { ...t, revokedAt: '2026-11-22T10:00:00.000Z', revokedBy: 'super@demo.test' } : t,
        );
        return [200, tokens[0]];
      },
    });
    renderAdmin('/console/admin/releases');
    expect(screen.queryByRole('button', { name: 'Revoke: old CI' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke: results team CI' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Yes, revoke/i })));
    expect(bff.calls('POST', /revoke$/).map((r) => r.path)).toEqual(['/api/admin/release-tokens/3/revoke']);
    expect(await screen.findByText('The token results team CI was revoked.')).toBeTruthy();
    // "old CI" shows "Revoked … by" from the start: wait until the refetched list shows both tokens revoked.
    await waitFor(() => expect(screen.getAllByText(/Revoked .* by super@demo.test/)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Revoke:/ })).toBeNull();
  });

  it('shows an error with retry when the tokens cannot be loaded', async () => {
    installFakeBff({
      'GET /api/admin/releases': () => [200, releases()],
      'GET /api/admin/release-tokens': () => [500, { error: 'internal_error', message: 'Tokens are unavailable.' }],
    });
    renderAdmin('/console/admin/releases');
    expect((await screen.findByRole('alert')).textContent).toContain('Tokens are unavailable.');
  });
});
