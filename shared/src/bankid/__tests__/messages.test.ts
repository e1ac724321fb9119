import { TRANSACTION_STATUSES } from '../../schemas/bankid';
import {
  RFA_CODES,
  RFA_MESSAGES,
  rfaFor,
  TRANSACTION_STATUS_FOR_HINT,
  transactionStatusFor,
  type RfaCode,
  type RfaInput,
} from '../messages';

const base = { autoStarted: false, qr: false, mobile: false };

describe('rfaFor: docs/auth.md §3.9 table, row by row', () => {
  it.each<[string, Partial<RfaInput> & Pick<RfaInput, 'status'>, RfaCode]>([
    [
      'pending outstandingTransaction, autostarted',
      { status: 'pending', hintCode: 'outstandingTransaction', autoStarted: true },
      'RFA13',
    ],
    ['pending outstandingTransaction, QR', { status: 'pending', hintCode: 'outstandingTransaction', qr: true }, 'RFA1'],
    [
      'pending outstandingTransaction, not autostarted',
      { status: 'pending', hintCode: 'outstandingTransaction' },
      'RFA1',
    ],
    ['pending noClient', { status: 'pending', hintCode: 'noClient' }, 'RFA1'],
    ['pending noClient, autostarted', { status: 'pending', hintCode: 'noClient', autoStarted: true }, 'RFA1'],
    ['pending started, desktop', { status: 'pending', hintCode: 'started' }, 'RFA15A'],
    ['pending started, mobile', { status: 'pending', hintCode: 'started', mobile: true }, 'RFA15B'],
    ['pending userSign', { status: 'pending', hintCode: 'userSign' }, 'RFA9'],
    ['pending userMrtd', { status: 'pending', hintCode: 'userMrtd' }, 'RFA23'],
    ['pending userCallConfirm', { status: 'pending', hintCode: 'userCallConfirm' }, 'RFA22'],
    ['pending unknown', { status: 'pending', hintCode: 'processing' }, 'RFA21'],
    ['pending without hintCode', { status: 'pending' }, 'RFA21'],
    ['pending failed-only code', { status: 'pending', hintCode: 'expiredTransaction' }, 'RFA21'],
    ['failed expiredTransaction', { status: 'failed', hintCode: 'expiredTransaction' }, 'RFA8'],
    ['failed certificateErr', { status: 'failed', hintCode: 'certificateErr' }, 'RFA16'],
    ['failed userCancel', { status: 'failed', hintCode: 'userCancel' }, 'RFA6'],
    ['failed cancelled', { status: 'failed', hintCode: 'cancelled' }, 'RFA3'],
    ['failed startFailed, no QR', { status: 'failed', hintCode: 'startFailed' }, 'RFA17A'],
    ['failed startFailed, QR', { status: 'failed', hintCode: 'startFailed', qr: true }, 'RFA17B'],
    ['failed userDeclinedCall', { status: 'failed', hintCode: 'userDeclinedCall' }, 'RFA22'],
    ['failed notSupportedByUserApp', { status: 'failed', hintCode: 'notSupportedByUserApp' }, 'RFA22'],
    ['failed transactionRiskBlocked', { status: 'failed', hintCode: 'transactionRiskBlocked' }, 'RFA22'],
    ['failed unknown', { status: 'failed', hintCode: 'somethingNew' }, 'RFA22'],
    ['failed without hintCode', { status: 'failed' }, 'RFA22'],
    ['failed pending-only code', { status: 'failed', hintCode: 'userSign' }, 'RFA22'],
    ['error alreadyInProgress', { status: 'error', errorCode: 'alreadyInProgress' }, 'RFA4'],
    ['error requestTimeout', { status: 'error', errorCode: 'requestTimeout' }, 'RFA5'],
    ['error maintenance', { status: 'error', errorCode: 'maintenance' }, 'RFA5'],
    ['error Maintenance (any case)', { status: 'error', errorCode: 'Maintenance' }, 'RFA5'],
    ['error internalError', { status: 'error', errorCode: 'internalError' }, 'RFA5'],
    ['error tooManyRequests', { status: 'error', errorCode: 'tooManyRequests' }, 'RFA5'],
    ['error invalidParameters', { status: 'error', errorCode: 'invalidParameters' }, 'RFA22'],
    ['error unauthorized', { status: 'error', errorCode: 'unauthorized' }, 'RFA22'],
    ['error unknown', { status: 'error', errorCode: 'somethingNew' }, 'RFA22'],
    ['error without errorCode', { status: 'error' }, 'RFA22'],
    ['error ignores hintCode', { status: 'error', hintCode: 'userCancel' }, 'RFA22'],
  ])('%s → %s', (_name, input, expected) => {
    expect(rfaFor({ ...base, ...input })).toBe(expected);
  });

  it('does not trip over Object.prototype names', () => {
    for (const code of ['constructor', '__proto__', 'toString']) {
      expect(rfaFor({ ...base, status: 'pending', hintCode: code })).toBe('RFA21');
      expect(rfaFor({ ...base, status: 'failed', hintCode: code })).toBe('RFA22');
      expect(rfaFor({ ...base, status: 'error', errorCode: code })).toBe('RFA22');
    }
  });

  it('always returns a code that has a message', () => {
    const inputs: RfaInput[] = [];
    for (const status of ['pending', 'failed', 'error'] as const)
      for (const code of ['outstandingTransaction', 'started', 'startFailed', 'alreadyInProgress', 'x'])
        for (const flag of [false, true])
          inputs.push({ status, hintCode: code, errorCode: code, autoStarted: flag, qr: flag, mobile: flag });
    for (const input of inputs) expect(RFA_MESSAGES[rfaFor(input)]).toBeDefined();
  });
});

describe('RFA_MESSAGES', () => {
  it('has exactly the listed codes', () => {
    expect(Object.keys(RFA_MESSAGES).sort()).toEqual([...RFA_CODES].sort());
    expect(RFA_CODES).not.toContain('RFA14');
  });

  it.each(RFA_CODES)('%s has non-empty en and sv', (code) => {
    const { en, sv } = RFA_MESSAGES[code];
    expect(typeof en).toBe('string');
    expect(typeof sv).toBe('string');
    expect(en.trim()).not.toBe('');
    expect(sv.trim()).not.toBe('');
    expect(sv).not.toBe(en);
  });

  it('RFA22 text equals RFA5 (the real duplicate, docs/auth.md §3.10)', () => {
    expect(RFA_MESSAGES.RFA22).toEqual(RFA_MESSAGES.RFA5);
    expect(RFA_MESSAGES.RFA5).toEqual({
      en: 'Something went wrong. Please try again.',
      sv: 'Något gick fel. Försök igen.',
    });
  });

  it('RFA20 keeps its own device-choice text, not RFA16 (spec claim unsupported)', () => {
    expect(RFA_MESSAGES.RFA20).not.toEqual(RFA_MESSAGES.RFA16);
    expect(RFA_MESSAGES.RFA20.en).toBe('Do you want to use BankID on this device or another device?');
    expect(RFA_MESSAGES.RFA16.en).toBe(
      'Your BankID is blocked or too old. Please use another BankID or get a new one from your bank.',
    );
  });

  it('uses column A texts for the variant codes', () => {
    expect(RFA_MESSAGES.RFA15A.en).toMatch(/on this computer\. If you have a BankID on card/);
    expect(RFA_MESSAGES.RFA15B.sv).toBe(
      'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.',
    );
    expect(RFA_MESSAGES.RFA17A.en).toBe(
      "You don't seem to have the BankID app/program. Please install it and get a BankID from your bank.",
    );
    expect(RFA_MESSAGES.RFA17B.sv).toBe('Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.');
    expect(RFA_MESSAGES.RFA23.en).toBe('Take a photo of, and scan, your ID document with the BankID app.');
    expect(RFA_MESSAGES.RFA9.sv).toContain('välj Identifiera eller Skriv under');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(RFA_MESSAGES)).toBe(true);
    expect(Object.isFrozen(RFA_MESSAGES.RFA1)).toBe(true);
  });
});

describe('transactionStatusFor', () => {
  it.each(['outstandingTransaction', 'noClient', 'started', 'userSign', 'expiredTransaction'])(
    'maps %s to itself',
    (hint) => {
      expect(transactionStatusFor(hint)).toBe(hint);
    },
  );

  it.each(['userMrtd', 'userCancel', 'certificateErr', 'startFailed', '', 'constructor', '__proto__', 'UserSign'])(
    'gives null for %j',
    (hint) => {
      expect(transactionStatusFor(hint)).toBeNull();
    },
  );

  it('gives null for null and undefined', () => {
    expect(transactionStatusFor(null)).toBeNull();
    expect(transactionStatusFor(undefined)).toBeNull();
  });

  it('is built from TRANSACTION_STATUSES', () => {
    expect([...TRANSACTION_STATUS_FOR_HINT.keys()]).toEqual([...TRANSACTION_STATUSES]);
  });
});
