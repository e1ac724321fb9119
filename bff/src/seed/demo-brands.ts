import type { BrandConfig } from '@home-energy/shared/schemas/brand';
import type { BrandConfigStore } from '../modules/brand/store';

/** Brand configs of the demo organisations (demo data: colours and a lender with its private-loan rate limits). */
export const DEMO_BRANDS: Record<string, BrandConfig> = {
  'demo-energi': {
    name: 'Demo Energi AB',
    accent: '#0f6e4f',
    accentSoft: '#e3f2ec',
    accentDark: '#0a4a35',
    financial_providers: [
      { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 0, max_rate: 9, default_rate: 4.9 } },
    ],
  },
  'demo-bank': {
    name: 'Demo Bank',
    accent: '#1d4f91',
    accentSoft: '#e6eef8',
    accentDark: '#133764',
    financial_providers: [
      { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 2.5, max_rate: 7.5, default_rate: 3.9 } },
    ],
  },
  'demo-installer': { name: 'Demo Installation AB', accent: '#9a4a00', accentSoft: '#fbefe3', accentDark: '#6b3300' },
};

/** Writes the demo brands that have no config yet (an admin's edits stay). */
export async function seedDemoBrands(store: BrandConfigStore): Promise<number> {
  let written = 0;
  for (const [brand, config] of Object.entries(DEMO_BRANDS)) {
    if (await store.read(brand).catch(() => null)) continue;
    await store.write(brand, config);
    written += 1;
  }
  return written;
}
