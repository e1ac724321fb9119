import type { EnergyClass } from './energy';
import type { MailLanguage } from './mail-language';

/** GET /api/flow/user/profile (docs/product.md §3 User profile, Property). */
export interface ProfileProperty {
  id: number;
  name: string;
  addresses: { street: string; postal_code: string; postal_city: string }[];
  relations: string[];
  /** The energy class last computed for the owner (measured before calculated); null before there is one. */
  label: EnergyClass | null;
}

export interface Profile {
  user_id: string;
  name: string;
  personalNumberMasked: string;
  /**
   * `email_verified`: the homeowner confirmed `email` through the link mailed to it; until then nothing but that link
   * is mailed to it (docs/security.md "Installer requests and contact email").
   */
  contact: { name: string | null; email: string | null; mobile: string | null; email_verified: boolean } | null;
  properties: ProfileProperty[];
  selectedPropertyId: number | null;
  /** The language of the homeowner's mails: chosen in My homes, else the UI language last used (Swedish before). */
  mailLanguage: MailLanguage;
}

export interface ProfilePatch {
  properties?: number[];
  selectedPropertyId?: number | null;
  mailLanguage?: MailLanguage;
}
