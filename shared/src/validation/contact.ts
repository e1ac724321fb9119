// Contact validation (docs/product.md §5, §9): Swedish phone numbers and e-mail addresses.
// Pure module: no DOM, no React. The browser (contact form) and the BFF (POST /api/flow/user/profile/contact)
// both use it, so the two sides agree on what is valid and on the normalised value that is stored.
import {
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
  type NumberType,
} from 'libphonenumber-js/max';
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy-schema';

/**
 * docs/product.md §5 "Phone validation error kinds", as stable codes:
 * too many or few digits or characters (too_short / too_long), incorrect country, incorrect phone type,
 * invalid number, address not found, invalid email, missing, incorrect social security number.
 */
export const PHONE_ERROR_KINDS = [
  'too_short',
  'too_long',
  'incorrect_country',
  'incorrect_phone_type',
  'invalid_number',
  'address_not_found',
  'invalid_email',
  'missing',
  'incorrect_ssn',
] as const;
export type PhoneErrorKind = (typeof PHONE_ERROR_KINDS)[number];

/** docs/product.md §5: the exact user-facing messages. */
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';
export const INVALID_PHONE_MESSAGE = 'Invalid phone number';

/** RFC 5321 path limit; longer addresses cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;

/** docs/product.md §9: Sweden is the only accepted country for the contact phone. */
const SWEDEN = 'SE';
const SWEDEN_CALLING_CODE = '46';

export type PhoneValidation =
  | { ok: true; /** '+46701234567' */ e164: string; /** '070-123 45 67' */ national: string }
  | { ok: false; kind: PhoneErrorKind };

export type EmailValidation =
  { ok: true; /** trimmed, lower-case */ email: string } | { ok: false; kind: PhoneErrorKind };

export interface PhoneValidationOptions {
  /** Accept Swedish fixed lines (e.g. 08-123 456 78). The contact form does not (docs/product.md §5). */
  allowLandline?: boolean;
}

const MOBILE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
const LANDLINE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['FIXED_LINE']);

function kindForLengthError(code: string | undefined): PhoneErrorKind | null {
  switch (code) {
    case undefined:
      return null;
    case 'TOO_SHORT':
      return 'too_short';
    case 'TOO_LONG':
      return 'too_long';
    // NOT_A_NUMBER, INVALID_COUNTRY (unknown calling code such as +999), INVALID_LENGTH (between the
    // shortest and longest possible lengths but matching none of them)
    default:
      return 'invalid_number';
  }
}

/**
 * Validate a phone number as a Swedish mobile (or, with allowLandline, a Swedish fixed line).
 * National formats default to Sweden: "0701234567", "070-123 45 67", "+46 70 123 45 67" and
 * "0046701234567" are the same mobile.
 *
 * Order of the checks: missing → unparseable (invalid_number) → length (too_short / too_long) →
 * country (incorrect_country) → validity (invalid_number) → type (incorrect_phone_type).
 * Validity comes before type because libphonenumber only knows the type of a valid number.
 */
export function validateSwedishPhone(
  input: string,
  { allowLandline = false }: PhoneValidationOptions = {},
): PhoneValidation {
  if (typeof input !== 'string') return { ok: false, kind: 'missing' };
  const text = input.trim();
  if (text === '') return { ok: false, kind: 'missing' };

  let phone;
  try {
    // extract: false — the whole input must be the number ("x0701234567" is not a number).
    phone = parsePhoneNumberWithError(text, { defaultCountry: SWEDEN, extract: false });
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, kind: kindForLengthError(error.message) ?? 'invalid_number' };
    throw error;
  }

  const lengthKind = kindForLengthError(validatePhoneNumberLength(text, { defaultCountry: SWEDEN }));
  if (lengthKind) return { ok: false, kind: lengthKind };

  // The calling code decides the country (+46 is Sweden only); `country` may be unset for an invalid number.
  if (phone.countryCallingCode !== SWEDEN_CALLING_CODE || (phone.country !== undefined && phone.country !== SWEDEN)) {
    return { ok: false, kind: 'incorrect_country' };
  }
  // An extension ("070-123 45 67 ext. 3") would be lost in E.164; a contact mobile has none.
  if (!phone.isValid() || phone.ext) return { ok: false, kind: 'invalid_number' };

  const type = phone.getType();
  const typeOk = type !== undefined && (MOBILE_TYPES.has(type) || (allowLandline && LANDLINE_TYPES.has(type)));
  if (!typeOk) return { ok: false, kind: 'incorrect_phone_type' };

  return { ok: true, e164: phone.number, national: phone.formatNational() };
}

const emailFormat = lazySchema(() => z.email());

/** Validate an e-mail address (zod's z.email()); trims, at most 254 characters, normalises to lower case. */
export function validateEmail(input: string): EmailValidation {
  if (typeof input !== 'string') return { ok: false, kind: 'missing' };
  const text = input.trim();
  if (text === '') return { ok: false, kind: 'missing' };
  if (text.length > EMAIL_MAX_LENGTH || !emailFormat.safeParse(text).success)
    return { ok: false, kind: 'invalid_email' };
  return { ok: true, email: text.toLowerCase() };
}

/**
 * POST /api/flow/user/profile/contact. Output: `name` (optional) trimmed, `email` trimmed and lower-case, `mobile` in
 * E.164. Landlines are refused (docs/product.md §5). A failed rule gives a custom issue with the spec's message and
 * `params.kind` (a PhoneErrorKind); an absent or non-string field gives zod's invalid_type issue
 * with the same message (no kind). Unknown keys are refused.
 */
/** The name to be reached by: trimmed, 1–100 characters. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const INVALID_NAME_MESSAGE = 'Enter your name (at most 100 characters)';

export const contactSchema = lazySchema(() =>
  z
    .object({
      name: z
        .string({ error: INVALID_NAME_MESSAGE })
        .trim()
        .min(1, INVALID_NAME_MESSAGE)
        .max(CONTACT_NAME_MAX_LENGTH, INVALID_NAME_MESSAGE)
        .optional(),
      email: z.string({ error: INVALID_EMAIL_MESSAGE }).transform((value, ctx) => {
        const result = validateEmail(value);
        if (result.ok) return result.email;
        ctx.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE, params: { kind: result.kind } });
        return z.NEVER;
      }),
      mobile: z.string({ error: INVALID_PHONE_MESSAGE }).transform((value, ctx) => {
        const result = validateSwedishPhone(value, { allowLandline: false });
        if (result.ok) return result.e164;
        ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE, params: { kind: result.kind } });
        return z.NEVER;
      }),
    })
    .strict(),
);
export type ContactRequest = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
