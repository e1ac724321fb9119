import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { installersOf, replaceInstallers } from '../modules/admin/organisations/repository';

/** Installers the demo organisations offer (demo data: made-up firms on the reserved .example domain). */
export const DEMO_INSTALLERS: Record<string, { name: string; identifier: string; logo: string; url: string }[]> = {
  'demo-energi': [
    { name: 'Värmepumpsteknik Demo AB', identifier: 'varmepumpsteknik-demo', logo: 'https://varmepumpsteknik.example/logo.png', url: 'https://varmepumpsteknik.example' },
    { name: 'Solkraft Demo AB', identifier: 'solkraft-demo', logo: 'https://solkraft.example/logo.png', url: 'https://solkraft.example' },
    { name: 'Isolerproffsen Demo', identifier: 'isolerproffsen-demo', logo: 'https://isolerproffsen.example/logo.png', url: 'https://isolerproffsen.example' },
    // Identified by the slug of the demo installer organisation, so its staff see these requests in the console.
    { name: 'Demo Installation AB', identifier: 'demo-installer', logo: 'https://installation.example/logo.png', url: 'https://installation.example' },
  ],
  'demo-bank': [{ name: 'Solkraft Demo AB', identifier: 'solkraft-demo', logo: 'https://solkraft.example/logo.png', url: 'https://solkraft.example' }],
};

/** Gives the demo organisations their installers when they have none (an admin's list stays). */
export async function seedDemoInstallers(db: Db): Promise<void> {
  for (const [slug, installers] of Object.entries(DEMO_INSTALLERS)) {
    const org = await db.query.organisations.findFirst({ where: eq(organisations.slug, slug) });
    if (org && (await installersOf(db, org.id)).length === 0) await replaceInstallers(db, org.id, installers);
  }
}
