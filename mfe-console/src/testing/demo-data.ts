import type { OrganisationDetails, Session, SessionOrganisation } from '@home-energy/shared';

// The seeded demo accounts and organisations (password energy-demo-2026), as the session and details endpoint show
// them.
const energi: SessionOrganisation = { slug: 'demo-energi', name: 'Demo Energi', role: 'admin' };
const bank: SessionOrganisation = { slug: 'demo-bank', name: 'Demo Bank', role: 'admin' };
const installer: SessionOrganisation = { slug: 'demo-installer', name: 'Demo Installer', role: 'staff' };

function session(
  id: string,
  name: string,
  email: string,
  organisations: SessionOrganisation[],
  superAdmin = false,
): Session {
  return {
    user: {
      kind: 'staff',
      id,
      name,
      email,
      superAdmin,
      admin: organisations.some((o) => o.role === 'admin'),
      organisations,
    },
    expires: '2030-01-01T00:00:00.000Z',
  };
}

export const demoSessions = {
  superAdmin: session('u-super', 'Super Admin', 'super@demo.test', [], true),
  energiAdmin: session('u-energi-admin', 'Energi Admin', 'admin@energi.demo.test', [energi]),
  energiStaff: session('u-energi-staff', 'Energi Staff', 'staff@energi.demo.test', [{ ...energi, role: 'staff' }]),
  bankAdmin: session('u-bank-admin', 'Bank Admin', 'admin@bank.demo.test', [bank]),
  installerStaff: session('u-installer-staff', 'Installer Staff', 'staff@installer.demo.test', [installer]),
  multi: session('u-multi', 'Multi Staff', 'multi@demo.test', [
    { ...energi, role: 'staff' },
    { ...bank, role: 'staff' },
  ]),
  staffWithoutOrganisation: session('u-lonely', 'Lonely Staff', 'lonely@demo.test', []),
  superAdminWithOrganisations: session(
    'u-super-2',
    'Super Member',
    'super2@demo.test',
    [{ ...bank, role: 'staff' }],
    true,
  ),
};

export const demoOrganisations: Record<string, OrganisationDetails> = {
  'demo-energi': {
    slug: 'demo-energi',
    name: 'Demo Energi',
    features: ['platform_analytics', 'platform_validation'],
    isInstaller: false,
  },
  'demo-bank': { slug: 'demo-bank', name: 'Demo Bank', features: ['platform_analytics'], isInstaller: false },
  'demo-installer': { slug: 'demo-installer', name: 'Demo Installer', features: [], isInstaller: true },
};
