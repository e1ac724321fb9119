/** GET /api/flow/user/profile (spec §3 User profile, Property). */
export interface ProfileProperty {
  id: number;
  name: string;
  addresses: { street: string; postal_code: string; postal_city: string }[];
  relations: string[];
}

export interface Profile {
  user_id: string;
  name: string;
  personalNumberMasked: string;
  contact: { email: string | null; mobile: string | null } | null;
  properties: ProfileProperty[];
  selectedPropertyId: number | null;
}

export interface ProfilePatch {
  properties?: number[];
  selectedPropertyId?: number | null;
}
