// BankID recommended user messages (RFA codes) and the collect/error → RFA mapping.
// Source: docs/auth.md §3.8 (texts), §3.9 (mapping), §3.10 (duplicates).
// Pure module: no DOM, no React. The BFF picks the code and text; the browser may show them.
//
// Texts: column A of docs/auth.md §3.8 (go-bankid 2025, which copies developers.bankid.com; ActiveLogin's current texts
// agree). They have been revised over the years; re-check against developers.bankid.com when someone has web
// access. Deliberate fixes to column A: "your ID document" (GO/AL have the typo "you ID") in RFA23.
//
// About the claim "RFA20 maps to the RFA16 value" (docs/auth.md §3.10): no source supports it. ActiveLogin, go-bankid,
// SwedenConnect, BankID's sample code and the older guideline copies all give RFA20 the device-choice text
// and RFA16 the blocked/too-old text, and so does this table. The real duplicate in the current texts is
// RFA22 == RFA5 ("Something went wrong. Please try again."), expressed below by sharing one object.
//
// Not in the table: RFA7, RFA10-RFA12 (never defined), RFA14 (removed in RP API v6), plain RFA15 / RFA17
// (split into A/B variants).
import { TRANSACTION_STATUSES, type TransactionStatus } from '../schemas/bankid';

export const RFA_CODES = [
  'RFA1',
  'RFA2',
  'RFA3',
  'RFA4',
  'RFA5',
  'RFA6',
  'RFA8',
  'RFA9',
  'RFA13',
  'RFA15A',
  'RFA15B',
  'RFA16',
  'RFA17A',
  'RFA17B',
  'RFA18',
  'RFA19',
  'RFA20',
  'RFA21',
  'RFA22',
  'RFA23',
] as const;
export type RfaCode = (typeof RFA_CODES)[number];

export interface RfaMessage {
  readonly en: string;
  readonly sv: string;
}

const SOMETHING_WENT_WRONG: RfaMessage = Object.freeze({
  en: 'Something went wrong. Please try again.',
  sv: 'Något gick fel. Försök igen.',
});

export const RFA_MESSAGES: Readonly<Record<RfaCode, RfaMessage>> = Object.freeze({
  RFA1: Object.freeze({ en: 'Start your BankID app.', sv: 'Starta BankID-appen.' }),
  RFA2: Object.freeze({
    en: "You don't seem to have the BankID app. Install the app and get a BankID.",
    sv: 'Du verkar inte ha BankID-appen. Installera den och skaffa ett BankID.',
  }),
  RFA3: Object.freeze({ en: 'The action was cancelled. Please try again.', sv: 'Åtgärden avbröts. Försök igen.' }),
  RFA4: Object.freeze({
    en: 'An identification or signature is already in progress for your personal identity number. Please try again.',
    sv: 'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
  }),
  RFA5: SOMETHING_WENT_WRONG,
  RFA6: Object.freeze({ en: 'The action was cancelled.', sv: 'Åtgärden avbröts.' }),
  RFA8: Object.freeze({
    en:
      'The BankID app is not responding. Please check that ' +
      "it's started and that you have internet access. Try again.",
    sv:
      'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök ' +
      'sedan igen.',
  }),
  RFA9: Object.freeze({
    en: 'Enter your security code in the BankID app and select Identify or Sign.',
    sv: 'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
  }),
  RFA13: Object.freeze({ en: 'Trying to start your BankID app.', sv: 'Försöker starta BankID-appen.' }),
  RFA15A: Object.freeze({
    en:
      'Searching for BankID. Make sure you have a valid BankID on this computer. If you have a BankID on card, ' +
      'please insert the card into your card reader.',
    sv:
      'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på ' +
      'kort, sätt in kortet i kortläsaren.',
  }),
  RFA15B: Object.freeze({
    en: 'Searching for BankID. Make sure you have a valid BankID on this device.',
    sv: 'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.',
  }),
  RFA16: Object.freeze({
    en: 'Your BankID is blocked or too old. Please use another BankID or get a new one from your bank.',
    sv: 'Ditt BankID är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
  }),
  RFA17A: Object.freeze({
    en: "You don't seem to have the BankID app/program. Please install it and get a BankID from your bank.",
    sv: 'Du verkar inte ha BankID-appen/programmet. Installera den och skaffa ett BankID hos din bank.',
  }),
  RFA17B: Object.freeze({
    en: 'Failed to scan the QR code. Start the BankID app and scan the QR code.',
    sv: 'Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.',
  }),
  /** A button label rather than a status message. */
  RFA18: Object.freeze({ en: 'Start the BankID app', sv: 'Starta BankID-appen' }),
  /** Desktop choice prompt. */
  RFA19: Object.freeze({
    en: 'Would you like to use BankID on this computer, or a Mobile BankID?',
    sv: 'Vill du använda BankID på den här datorn eller ett Mobilt BankID?',
  }),
  /** Mobile choice prompt (NOT the RFA16 text, see the header). */
  RFA20: Object.freeze({
    en: 'Do you want to use BankID on this device or another device?',
    sv: 'Vill du använda BankID på den här enheten eller på en annan enhet?',
  }),
  RFA21: Object.freeze({
    en: 'An identification or signing is in progress.',
    sv: 'En identifiering eller underskrift pågår.',
  }),
  /** Same text as RFA5 in the current wording (docs/auth.md §3.10). */
  RFA22: SOMETHING_WENT_WRONG,
  RFA23: Object.freeze({
    en: 'Take a photo of, and scan, your ID document with the BankID app.',
    sv: 'Fotografera och läs av din ID-handling med BankID-appen.',
  }),
});

export interface RfaInput {
  /** Collect status (pending / failed), or 'error' for an RP API error response. */
  status: 'pending' | 'failed' | 'error';
  /** The collect hintCode (pending / failed). */
  hintCode?: string | null;
  /** The RP API errorCode (status 'error'). */
  errorCode?: string | null;
  /** We tried to start the BankID app on this device (same-device login). */
  autoStarted: boolean;
  /** The user is scanning a QR code (other-device login). */
  qr: boolean;
  /** The browser is on a mobile device (phone or tablet) rather than a computer. */
  mobile: boolean;
}

/** docs/auth.md §3.9: which recommended user message to show for a collect result or an RP API error. */
export function rfaFor({ status, hintCode, errorCode, autoStarted, qr, mobile }: RfaInput): RfaCode {
  if (status === 'pending') {
    switch (hintCode) {
      case 'outstandingTransaction':
        return autoStarted ? 'RFA13' : 'RFA1';
      case 'noClient':
        return 'RFA1';
      case 'started':
        return mobile ? 'RFA15B' : 'RFA15A';
      case 'userSign':
        return 'RFA9';
      case 'userMrtd':
        return 'RFA23';
      case 'userCallConfirm':
        // Phone orders only; no message is defined, ActiveLogin falls through to RFA22.
        return 'RFA22';
      default:
        return 'RFA21';
    }
  }
  if (status === 'failed') {
    switch (hintCode) {
      case 'expiredTransaction':
        return 'RFA8';
      case 'certificateErr':
        return 'RFA16';
      case 'userCancel':
        return 'RFA6';
      case 'cancelled':
        return 'RFA3';
      case 'startFailed':
        return qr ? 'RFA17B' : 'RFA17A';
      default:
        // userDeclinedCall, notSupportedByUserApp, transactionRiskBlocked, unknown codes
        return 'RFA22';
    }
  }
  // status 'error'. The RP API spells codes in camelCase; SwedenConnect matches "Maintenance" as well, so compare
  // without case.
  switch (errorCode?.toLowerCase()) {
    case 'alreadyinprogress':
      return 'RFA4';
    case 'requesttimeout':
    case 'maintenance':
    case 'internalerror':
    case 'toomanyrequests':
      return 'RFA5';
    default:
      return 'RFA22';
  }
}

/** The hintCodes that are also the product's transaction statuses (docs/product.md §4), each mapped to itself. */
export const TRANSACTION_STATUS_FOR_HINT: ReadonlyMap<string, TransactionStatus> = new Map(
  TRANSACTION_STATUSES.map((status) => [status, status] as const),
);

/** The spec's transaction status for a BankID hintCode, or null when the hintCode is not one of them. */
export function transactionStatusFor(hintCode: string | null | undefined): TransactionStatus | null {
  if (typeof hintCode !== 'string') return null;
  return TRANSACTION_STATUS_FOR_HINT.get(hintCode) ?? null;
}
