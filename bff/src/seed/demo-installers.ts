import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { installersOf, replaceInstallers } from '../modules/admin/organisations/repository';

/**
 * A demo installer's logo: a file in bff/data/demo-logos served by the BFF itself, so it shows without the internet.
 */
export const demoLogo = (identifier: string) => `/demo-logos/${identifier}.svg`;

/**
 * Installers the demo organisations offer (demo data: made-up firms on the reserved .example domain, logos served by
 * us).
 */
export const DEMO_INSTALLERS: Record<string, { name: string; identifier: string; logo: string; url: string }[]> = {
  'demo-energi': [
    {
      name: 'Värmepumpsteknik Demo AB',
      identifier: 'varmepumpsteknik-demo',
      logo: demoLogo('varmepumpsteknik-demo'),
      url: 'https://varmepumpsteknik.example',
    },
    {
      name: 'Solkraft Demo AB',
      identifier: 'solkraft-demo',
      logo: demoLogo('solkraft-demo'),
      url: 'https://solkraft.example',
    },
    {
      name: 'Isolerproffsen Demo',
      identifier: 'isolerproffsen-demo',
      logo: demoLogo('isolerproffsen-demo'),
      url: 'https://isolerproffsen.example',
    },
    // Identified by the slug of the demo installer organisation, so its staff see these requests in the console.
    {
      name: 'Demo Installation AB',
      identifier: 'demo-installer',
      logo: demoLogo('demo-installer'),
      url: 'https://installation.example',
    },
  ],
  'demo-bank': [
    {
      name: 'Solkraft Demo AB',
      identifier: 'solkraft-demo',
      logo: demoLogo('solkraft-demo'),
      url: 'https://solkraft.example',
    },
  ],
};

/** Gives the demo organisations their installers when they have none (an admin's list stays). */
export async function seedDemoInstallers(db: Db): Promise<void> {
  for (const [slug, installers] of Object.entries(DEMO_INSTALLERS)) {
    const org = await db.query.organisations.findFirst({ where: eq(organisations.slug, slug) });
    if (org && (await installersOf(db, org.id)).length === 0) await replaceInstallers(db, org.id, installers);
  }
}
