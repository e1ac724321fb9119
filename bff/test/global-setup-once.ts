import fs from 'node:fs';
import globalSetup from './global-setup';

/**
 * For `npm run mutate` (scripts/mutate/jest.config.cjs): Stryker starts jest once per mutant in one process, so the
 * migrated database snapshot is made by the first run only.
 */
export default async function globalSetupOnce(): Promise<void> {
  const snapshot = process.env.BFF_TEST_SNAPSHOT;
  if (snapshot && fs.existsSync(snapshot)) return;
  await globalSetup();
}
