/**
 * Everything a production start needs (docs/operations.md "Production start"), for tests of the production checklist.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  BANKID_URL: 'https://appapi2.bankid.com/rp/v6.0',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_URL: 'https://energy.example.se',
  PRIVACY_OPERATOR_NAME: 'Energi Exempel AB',
  PRIVACY_OPERATOR_ORG_NUMBER: '556123-4567',
  PRIVACY_OPERATOR_ADDRESS: 'Storgatan 1, 111 22 Stockholm',
  PRIVACY_CONTACT_EMAIL: 'dataskydd@energy.example.se',
};
