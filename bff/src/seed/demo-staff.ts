import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, organisations, staffUsers } from '../db/schema';
import { hashPassword } from '../auth/passwords';

/** The demo password of every seeded staff account (README "Demo accounts"). Demo data only. */
export const DEMO_PASSWORD = 'energy-demo-2026';

export const DEMO_ORGANISATIONS = [
  {
    slug: 'demo-energi',
    name: 'Demo Energi AB',
    brand: 'demo-energi',
    features: ['platform_analytics', 'platform_validation'],
    isInstaller: false,
  },
  { slug: 'demo-bank', name: 'Demo Bank', brand: 'demo-bank', features: ['platform_analytics'], isInstaller: false },
  { slug: 'demo-installer', name: 'Demo Installation AB', brand: 'demo-installer', features: [], isInstaller: true },
];

export const DEMO_ACCOUNTS: {
  email: string;
  name: string;
  superAdmin?: boolean;
  roles: [string, 'admin' | 'staff'][];
}[] = [
  { email: 'super@demo.test', name: 'Sara Superadmin', superAdmin: true, roles: [] },
  { email: 'admin@energi.demo.test', name: 'Anna Admin', roles: [['demo-energi', 'admin']] },
  { email: 'staff@energi.demo.test', name: 'Erik Staff', roles: [['demo-energi', 'staff']] },
  { email: 'admin@bank.demo.test', name: 'Bengt Bankadmin', roles: [['demo-bank', 'admin']] },
  { email: 'admin@installer.demo.test', name: 'Ivar Installatör', roles: [['demo-installer', 'admin']] },
  { email: 'staff@installer.demo.test', name: 'Ida Installer', roles: [['demo-installer', 'staff']] },
  {
    email: 'multi@demo.test',
    name: 'Maja Multi',
    roles: [
      ['demo-energi', 'staff'],
      ['demo-bank', 'staff'],
    ],
  },
];

/** Idempotent: creates what is missing, never overwrites (a changed password or role stays changed). */
export async function seedDemoStaff(db: Db): Promise<string[]> {
  for (const org of DEMO_ORGANISATIONS) {
    await db
      .insert(organisations)
      .values({ ...org, demo: true })
      .onConflictDoNothing();
  }
  const created: string[] = [];
  // One scrypt hash (≈50 ms of CPU) for the accounts this run creates: they share the published demo password, so a
  // salt of their own each would hide nothing, and every BFF test file that seeds them would pay seven.
  let passwordHash: Promise<string> | undefined;
  for (const account of DEMO_ACCOUNTS) {
    if (await db.query.staffUsers.findFirst({ where: eq(staffUsers.email, account.email) })) continue;
    const [user] = await db
      .insert(staffUsers)
      .values({
        email: account.email,
        name: account.name,
        superAdmin: account.superAdmin ?? false,
        passwordHash: await (passwordHash ??= hashPassword(DEMO_PASSWORD)),
        demo: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    for (const [slug, role] of account.roles) {
      const org = await db.query.organisations.findFirst({ where: eq(organisations.slug, slug) });
      if (org)
        await db.insert(memberships).values({ userId: user.id, organisationId: org.id, role }).onConflictDoNothing();
    }
    created.push(account.email);
  }
  return created;
}
