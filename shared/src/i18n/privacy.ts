// The homeowner's words for who saw their data (the access log's roles and pages) and for what a share with an
// installer passed on: the one place they are written. My homes (mfe-flow) and the readable page of "Download my
// data" (the BFF's export) read them from here. Pure data and types only: a remote imports this module by its own
// path and bundles it, as with shared/src/energy/measure-names.ts (docs/decisions/federation-singletons.md).
import type { AccessReason, AccessRole, SharedDetail } from '../schemas/privacy';
import type { Language } from './languages';
import en from './privacy/en.json';
import sv from './privacy/sv.json';

export interface PrivacyWords {
  access: {
    /** Who an entry without an organisation is: the service's own administrators (a data request). */
    operator: string;
    impersonating: string;
    roles: Record<AccessRole, string>;
    reasons: Record<AccessReason, string>;
  };
  sharedDetails: Record<SharedDetail, string>;
}

/** Lower case, to sit inside a sentence ("Demo Installation AB, staff, list of installer requests"). */
export const PRIVACY_WORDS: Record<Language, PrivacyWords> = { en, sv };
