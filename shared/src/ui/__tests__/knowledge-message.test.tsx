import '../../../testing/setup-dom';
import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n, remoteTexts, renderRemote } from '../../../testing/render-remote';
import { installFakeBff } from '../../../testing/fake-bff';
import type { FlowMessage } from '../../schemas/content';
import { KnowledgeMessages } from '../knowledge-message';
import { Logo } from '../logo';

const message = (id: number, extra: Partial<FlowMessage> = {}): FlowMessage => ({
  id,
  slug: `m-${id}`,
  type: 'info',
  title: `Title ${id}`,
  key: 'question.atemp',
  content: `Text ${id}`,
  date: null,
  valid_until: null,
  language: null,
  image: null,
  activity: null,
  require_terms: false,
  ...extra,
});

function show(ui: ReactNode, lng: 'en' | 'sv' = 'en') {
  return renderRemote('/', ui, createTestI18n('page', remoteTexts('page', {}, {}), lng));
}

describe('knowledge-base messages', () => {
  it('shows a question’s own messages in the page’s language, each dated, in its own language', async () => {
    const bff = installFakeBff({
      'GET /api/flow/messages': () => [
        200,
        {
          items: [
            message(1, { date: '2026-07-01', title: 'Grant', content: 'First part.\n\nSecond part.' }),
            message(2, { language: 'en', title: 'In English' }),
            message(3, { key: 'question.num_floors', title: 'Another question’s' }),
          ],
        },
      ],
    });
    show(<KnowledgeMessages question="atemp" />, 'sv');
    const grant = await screen.findByRole('region', { name: 'Tips: Grant' });
    expect(within(grant).getByText('Gäller från 1 juli 2026')).toBeTruthy();
    expect(
      within(grant)
        .getAllByText(/part\./)
        .map((p) => p.textContent),
    ).toEqual(['First part.', 'Second part.']);
    expect(grant.getAttribute('lang')).toBeNull();
    expect(screen.getByRole('region', { name: 'Tips: In English' }).getAttribute('lang')).toBe('en');
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Tips: Grant',
      'Tips: In English',
    ]);
    const asked = bff.calls('GET', '/api/flow/messages')[0]!.query;
    expect(Object.fromEntries(asked)).toEqual({ group: 'questions', lng: 'sv' });
    expect(bff.unrouted).toEqual([]);
  });

  it('recommendations share one request, and each card shows only its own messages', async () => {
    const bff = installFakeBff({
      'GET /api/flow/messages': () => [
        200,
        {
          items: [
            message(1, { key: 'results.tips', activity: 'heat_pump_airwater', title: 'Heat pump grant' }),
            message(2, { key: 'results.tips', activity: 'solar_panel_installation', title: 'Solar tax credit' }),
            message(3, { key: 'results.more', activity: 'heat_pump_airwater', title: 'Heat pump noise' }),
          ],
        },
      ],
    });
    show(
      <>
        <div data-testid="heat-pump">
          <KnowledgeMessages activity="heat_pump_airwater" />
        </div>
        <div data-testid="solar">
          <KnowledgeMessages activity="solar_panel_installation" />
        </div>
        <div data-testid="windows">
          <KnowledgeMessages activity="energy_efficient_windows" />
        </div>
      </>,
    );
    const heatPump = screen.getByTestId('heat-pump');
    await within(heatPump).findByRole('region', { name: 'Tip: Heat pump grant' });
    expect(
      within(heatPump)
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-label')),
    ).toEqual(['Tip: Heat pump grant', 'Tip: Heat pump noise']);
    expect(within(screen.getByTestId('solar')).getAllByRole('region')).toHaveLength(1);
    expect(within(screen.getByTestId('windows')).queryByRole('region')).toBeNull();
    expect(bff.calls('GET', '/api/flow/messages').map((call) => Object.fromEntries(call.query))).toEqual([
      { group: 'recommendations', lng: 'en' },
    ]);
  });

  it('says it is loading while the messages come, then shows nothing when there are none', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const bff = installFakeBff({
      'GET /api/flow/messages': () => new Promise<[number, unknown]>((resolve) => (answer = resolve)),
    });
    const { container } = show(<KnowledgeMessages activity="solar_panel_installation" />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading tips…');
    await waitFor(() => expect(bff.requests).toHaveLength(1));
    await act(async () => answer([200, { items: [] }]));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.querySelector('[data-testid="knowledge-messages"]')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows nothing for an answer that does not match the schema', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // RTK Query reports the schema failure
    const bff = installFakeBff({ 'GET /api/flow/messages': () => [200, { items: [{ id: 'x' }] }] });
    show(<KnowledgeMessages activity="solar_panel_installation" />);
    await waitFor(() => expect(bff.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the header’s mark', () => {
  it('shows the product without an active brand, a named brand’s name and logo with alt texts in the language', () => {
    installFakeBff({});
    const { unmount } = show(<Logo />);
    expect(screen.getByRole('link', { name: 'Home Energy – start page' }).textContent).toBe('Home Energy');
    unmount();
    show(<Logo brand={{ name: 'Demo Bank', logo: '/brands/demo-bank.svg' }} />, 'sv');
    const link = screen.getByRole('link', { name: 'Demo Bank – startsida' });
    expect(link.textContent).toBe('Demo Bank');
    expect(within(link).getByRole('img', { name: 'Logotyp för Demo Bank' }).getAttribute('src')).toBe(
      '/brands/demo-bank.svg',
    );
  });

  it('never loads a logo that is not an http(s) URL or a path on the site', () => {
    installFakeBff({});
    show(<Logo brand={{ name: 'Evil', logo: 'javascript:alert(1)' }} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Evil – start page' })).toBeTruthy();
  });
});
