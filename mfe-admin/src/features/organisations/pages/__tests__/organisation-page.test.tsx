import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { AdminOrganisationDetail, Installer, OrganisationUpdate } from '@home-energy/shared/schemas/admin';
import { renderAdmin, sessions, texts } from '../../../../testing/render-admin';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.admin;
const SOLKRAFT: Installer = {
  name: 'Solkraft AB',
  identifier: 'solkraft',
  logo: 'https://solkraft.example/logo.png',
  url: 'https://solkraft.example',
};

function fakeOrganisation(initial: Partial<AdminOrganisationDetail> = {}) {
  let detail: AdminOrganisationDetail = {
    slug: 'norr-energi',
    name: 'Norr Energi AB',
    brand: 'norr-energi',
    features: ['platform_analytics'],
    isInstaller: false,
    active: true,
    demo: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    users: 2,
    installers: 1,
    installerList: [SOLKRAFT],
    brandConfigFound: false,
    ...initial,
  };
  const bff = installFakeBff({
    'GET /api/admin/organisations': () => [200, { organisations: [detail] }],
    'GET /api/admin/organisations/norr-energi': () => [200, detail],
    'PATCH /api/admin/organisations/norr-energi': (r) => {
      const patch = r.body as OrganisationUpdate;
      detail = {
        ...detail,
        ...patch,
        installerList: patch.installers ?? detail.installerList,
      } as AdminOrganisationDetail;
      return [200, detail];
    },
  });
  return bff;
}

beforeEach(() => setSession(sessions.superAdmin));

describe('one organisation', () => {
  it('shows its details, brand config state, users link and the Organisations nav entry as current', async () => {
    fakeOrganisation();
    renderAdmin('/console/admin/organisations/norr-energi');
    expect(screen.getByRole('heading', { level: 1, name: en.pages.organisation.title })).toBeTruthy();
    expect(await screen.findByText('Norr Energi AB')).toBeTruthy();
    expect(screen.getByText(/There is no brand config for norr-energi yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users of this organisation (2)' }).getAttribute('href')).toBe(
      '/console/admin/user-management?organisation=norr-energi',
    );
    expect(screen.getByRole('link', { name: 'Organisations', current: 'page' })).toBeTruthy();
    expect((screen.getByLabelText(en.form.feature.platform_analytics) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(en.form.slug)).toBeNull();
  });

  it('saves edited details', async () => {
    const bff = fakeOrganisation();
    renderAdmin('/console/admin/organisations/norr-energi');
    const details = within(
      (await screen.findByRole('heading', { level: 2, name: en.organisation.details })).closest('section')!,
    );
    fireEvent.change(details.getByLabelText(en.form.name), { target: { value: 'Norrenergi AB' } });
    fireEvent.click(details.getByLabelText(en.form.feature.platform_validation));
    await act(async () => fireEvent.click(details.getByRole('button', { name: en.common.save })));
    expect(bff.calls('PATCH', '/api/admin/organisations/norr-energi')[0].body).toEqual({
      name: 'Norrenergi AB',
      brand: 'norr-energi',
      features: ['platform_analytics', 'platform_validation'],
      isInstaller: false,
    });
  });

  it('edits the installers in a table: add, check, reorder, remove, save', async () => {
    const bff = fakeOrganisation();
    renderAdmin('/console/admin/organisations/norr-energi');
    const section = (await screen.findByRole('heading', { level: 2, name: en.organisation.installers })).closest(
      'section',
    )!;
    const list = within(section).getByRole('list', { name: en.installers.caption });
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')!.textContent),
    ).toEqual(['Installer 1: Solkraft AB']);
    expect((within(list).getByLabelText('Name of installer 1') as HTMLInputElement).value).toBe('Solkraft AB');

    fireEvent.click(within(section).getByRole('button', { name: en.installers.add }));
    fireEvent.change(within(section).getByLabelText('Name of installer 2'), {
      target: { value: 'Värmepumpar i Norr' },
    });
    fireEvent.change(within(section).getByLabelText('Identifier of installer 2'), { target: { value: 'vpn' } });
    fireEvent.change(within(section).getByLabelText('Logo URL of installer 2'), {
      target: { value: '/images/vpn.svg' },
    });
    fireEvent.change(within(section).getByLabelText('Website of installer 2'), {
      target: { value: 'javascript:alert(1)' },
    });
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: en.installers.save })));
    const website = within(section).getByLabelText('Website of installer 2');
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText(en.installers.rules.url)).toBeTruthy();
    expect(bff.calls('PATCH', '/api/admin/organisations/norr-energi')).toHaveLength(0);

    fireEvent.change(website, { target: { value: 'https://vpn.example' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move installer 2 up' }));
    expect(
      within(section)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')!.textContent),
    ).toEqual(['Installer 1: Värmepumpar i Norr', 'Installer 2: Solkraft AB']);
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: en.installers.save })));
    expect(bff.calls('PATCH', '/api/admin/organisations/norr-energi')[0].body).toEqual({
      installers: [
        { name: 'Värmepumpar i Norr', identifier: 'vpn', logo: '/images/vpn.svg', url: 'https://vpn.example' },
        SOLKRAFT,
      ],
    });
    // The editor says "Saving…" until the PATCH answers; the next edit starts once it is saved.
    expect(await screen.findByText(en.installers.saved)).toBeTruthy();
    await within(section).findByRole('button', { name: en.installers.save });

    fireEvent.click(within(section).getByRole('button', { name: 'Remove installer 1' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Remove installer 1' }));
    expect(within(section).getByText(en.installers.empty)).toBeTruthy();
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: en.installers.save })));
    expect(bff.calls('PATCH', '/api/admin/organisations/norr-energi')[1].body).toEqual({ installers: [] });
  });

  it('deactivates after confirmation, then offers to reactivate', async () => {
    const bff = fakeOrganisation();
    renderAdmin('/console/admin/organisations/norr-energi');
    fireEvent.click(await screen.findByRole('button', { name: en.organisation.deactivate }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, deactivate organisation' })));
    expect(bff.calls('PATCH', '/api/admin/organisations/norr-energi')[0].body).toEqual({ active: false });
    expect(await screen.findByRole('button', { name: en.organisation.reactivate })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Impersonate Norr Energi AB' })).toBeNull();
  });

  it('says when there is no such organisation', async () => {
    installFakeBff({ 'GET /api/admin/organisations': () => [200, { organisations: [] }] });
    renderAdmin('/console/admin/organisations/norr-energi');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no organisation norr-energi.');
  });
});
