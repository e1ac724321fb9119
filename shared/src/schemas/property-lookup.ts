// Property lookup (console, super admins): find any property by address and read a homeowner's home as they see it.
import { z } from 'zod';
import type { BuildingResponse } from './property-flow';
import { lazySchema } from './lazy-schema';

/** ?q= street (with or without number), optionally ?postal_code=; or a property id. */
export const propertyLookupQuerySchema = lazySchema(() =>
  z
    .object({
      q: z.string().trim().min(1, 'type at least one character').max(255),
      postal_code: z
        .string()
        .trim()
        .regex(/^\d{3}\s?\d{2}$/, 'five digits, e.g. 123 45')
        .optional(),
    })
    .strict(),
);

export interface PropertyLookupHit {
  id: number;
  name: string;
  postal_code: string;
  postal_city: string;
  profiles: number;
}

export interface PropertyLookupProfile {
  id: number;
  owner: 'homeowner' | 'visitor';
  /** Homeowners only, masked (19850709-****). */
  homeowner: string | null;
  organisation: { slug: string; name: string } | null;
  calculated_class: string | null;
  created_at: string;
  updated_at: string;
}

export interface PropertyLookupDetail {
  property: { id: number; name: string; postal_code: string; postal_city: string; price_area: string | null };
  register: Record<string, unknown>;
  issued_epc: Record<string, unknown> | null;
  profiles: PropertyLookupProfile[];
}

/** The homeowner's building as the results page gets it, read-only, for one profile. */
export interface ProfileView extends BuildingResponse {
  profile: PropertyLookupProfile;
}
