import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { installDetailsFetch, jsonResponse } from '../../../../testing/fetch-answers';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole, texts } from '../../../../testing/render-console';
import type { TestRequest } from '../../../../testing/setup-dom';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.console;
const OVERVIEW = {
  homes: { total: 987, last30Days: 12 },
  installerRequests: { last30Days: 5 },
  validation: { open: 3 },
};

/** The details as the layout needs them; the overview answered by `overview` when the page asks for it. */
function answerOverview(overview: () => Promise<Response>) {
  const details = installDetailsFetch(demoOrganisations);
  const mock = jest.fn(async (request: TestRequest) =>
    new URL(request.url).pathname.endsWith('/overview') ? overview() : details(request),
  );
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The key figures' list (a <dl> named by its aria-label). */
const keyFigures = () => document.querySelector<HTMLElement>(`dl[aria-label="${en.home.figures}"]`);

describe("the organisation's home", () => {
  it('lays out the figure cards the user may see before the overview arrives; only their numbers change', async () => {
    let answer!: () => void;
    answerOverview(() => new Promise((resolve) => (answer = () => resolve(jsonResponse(200, OVERVIEW) as Response))));
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi');

    await screen.findByRole('heading', { level: 2, name: en.home.shortcuts });
    const figures = keyFigures()!;
    expect(figures.getAttribute('aria-busy')).toBe('true');
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([en.home.homes, en.home.installerRequests, en.home.validation]);
    expect(
      within(figures)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['–', '–', '–']);
    const shortcuts = screen.getByRole('heading', { level: 2, name: en.home.shortcuts });

    await act(async () => answer());
    expect(await within(figures).findByRole('link', { name: '987' })).toBeTruthy();
    expect(
      within(figures)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['987', '5', '3']);
    expect(figures.textContent).toContain('12 new in the last 30 days');
    expect(figures.getAttribute('aria-busy')).toBe('false');
    // The same cards and the same section after them: nothing was added above the shortcuts.
    expect(screen.getByRole('heading', { level: 2, name: en.home.shortcuts })).toBe(shortcuts);
    expect(figures.isConnected).toBe(true);
  });

  it('lays out only the figures the user may see', async () => {
    // An installer's staff see their homes, not installer requests or validation (shared/src/console/menu-rules.ts).
    answerOverview(
      async () => jsonResponse(200, { ...OVERVIEW, installerRequests: null, validation: null }) as Response,
    );
    setSession(demoSessions.installerStaff);
    renderConsole('/console/org/demo-installer');
    await screen.findByRole('heading', { level: 2, name: en.home.shortcuts });
    expect(
      within(keyFigures()!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([en.home.homes]);
  });

  it('says when the figures cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const mock = answerOverview(
      async () =>
        (fail
          ? jsonResponse(500, { error: 'failed', message: 'Database unavailable.' })
          : jsonResponse(200, OVERVIEW)) as Response,
    );
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable.');
    fail = false;
    await act(async () => fireEvent.click(within(alert).getByRole('button')));
    expect(await screen.findByRole('link', { name: '987' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mock.mock.calls.filter(([request]) => request.url.endsWith('/overview'))).toHaveLength(2);
  });
});
