import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { isSitePath } from './url-checks';

/** docs/product.md §3: login methods and identification modes of the homeowner sign-in. */
export const LOGIN_METHODS = ['bankid.same_device', 'bankid.other_device'] as const;
export const loginMethodSchema = lazySchema(() => z.enum(LOGIN_METHODS));
export type LoginMethod = z.infer<typeof loginMethodSchema>;

export const IDENTIFICATION_MODES = ['identify', 'validate'] as const;
export const identificationModeSchema = lazySchema(() => z.enum(IDENTIFICATION_MODES));
export type IdentificationMode = z.infer<typeof identificationModeSchema>;

/** docs/product.md §4: transaction statuses shown to the user, and the request status of the order. */
export const TRANSACTION_STATUSES = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userSign',
  'expiredTransaction',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const REQUEST_STATUSES = ['pending', 'failed', 'complete'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** What a `validate` order confirms, so the BankID app can say it: deleting the account. */
export const SIGN_PURPOSES = ['delete_account'] as const;
export type SignPurpose = (typeof SIGN_PURPOSES)[number];

/** POST /api/flow/user/sign: start an order. `csrfToken` comes from GET /api/auth/csrf. */
export const startSignSchema = lazySchema(() =>
  z
    .object({
      csrfToken: z.string().min(1).max(200),
      loginMethod: loginMethodSchema,
      identificationMode: identificationModeSchema.default('identify'),
      /** Same-device only: where the BankID app returns the user (a path on this site: url-checks.ts isSitePath). */
      returnPath: z.string().max(2000).refine(isSitePath, 'must be a path on this site starting with /').optional(),
      /** validate only: what the homeowner confirms, shown in the BankID app. */
      purpose: z.enum(SIGN_PURPOSES).optional(),
    })
    .strict()
    .refine((body) => !body.purpose || body.identificationMode === 'validate', {
      message: 'a purpose needs identificationMode validate',
      path: ['purpose'],
    }),
);
export type StartSignRequest = z.input<typeof startSignSchema>;

/** Answer of POST and GET /api/flow/user/sign (the order as the browser may see it). */
export interface SignStatus {
  requestStatus: RequestStatus;
  /** The BankID hintCode (pending/failed), e.g. outstandingTransaction, userSign, userCancel. */
  hintCode: string | null;
  /** The spec's transaction status when the hintCode is one of them, else null. */
  transactionStatus: TransactionStatus | null;
  loginMethod: LoginMethod;
  identificationMode: IdentificationMode;
  /** Recommended user message (docs/auth.md §3.8-3.9). */
  rfa: string;
  message: { sv: string; en: string };
  /** Other device, while the order waits for a scan: the animated QR payload for this second. */
  qrData: string | null;
  /** Same device: the link that starts the BankID app (desktop scheme or mobile universal link). */
  launchUrl: string | null;
  /** Demo only, while the QR code waits: the BankID simulator's test-app page at this order, to approve it there. */
  testAppUrl?: string;
}

/** GET /api/flow/user/auth: the signed-in homeowner, or {} */
export interface HomeownerSession {
  user: { id: string; name: string; personalNumberMasked: string; kind: 'homeowner' };
}
