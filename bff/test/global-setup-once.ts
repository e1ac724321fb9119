import fs from 'node:fs';
import globalSetup from './global-setup';

/**
 * For `npm run mutate` (scripts/mutate/jest.config.cjs): Stryker starts jest once per mutant in one process, so the
 * migrated data directory is made by the first run only.
 */
export default async function globalSetupOnce(): Promise<void> {
  const dataDir = process.env.BFF_TEST_DATA_DIR;
  if (dataDir && fs.existsSync(dataDir)) return;
  await globalSetup();
}
