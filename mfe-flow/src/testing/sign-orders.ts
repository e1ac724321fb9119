import { RFA_MESSAGES, type LoginMethod, type SignStatus } from '@home-energy/shared';

export const SIGN_URL = '/api/flow/user/sign';
export const AUTH_URL = '/api/flow/user/auth';

/** The animated QR payload for second `t` (the test vector of docs/auth.md §3.6). */
export function qrData(t: number): string {
  const codes = [
    'dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8',
    '949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2',
    'a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3',
  ];
  return `bankid.67df3917-fa0d-44e5-b327-edcc928297f8.${t}.${codes[t]}`;
}

export const LAUNCH_URL = 'bankid:///?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null';

function order(loginMethod: LoginMethod, fields: Partial<SignStatus>): SignStatus {
  return {
    requestStatus: 'pending',
    hintCode: 'outstandingTransaction',
    transactionStatus: 'outstandingTransaction',
    loginMethod,
    identificationMode: 'identify',
    rfa: 'RFA1',
    message: { en: 'Start your BankID app.', sv: 'Starta BankID-appen.' },
    qrData: null,
    launchUrl: null,
    ...fields,
  };
}

/** Other device, waiting for the QR code to be scanned at second `t`. */
export const waitingForScan = (t: number) => order('bankid.other_device', { qrData: qrData(t) });

/** Other device, scanned: the user types the security code (no QR code any more). */
export const userSigning = () =>
  order('bankid.other_device', {
    hintCode: 'userSign',
    transactionStatus: 'userSign',
    rfa: 'RFA9',
    message: {
      en: 'Enter your security code in the BankID app and select Identify or Sign.',
      sv: 'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
    },
  });

/** Same device, the app about to start. */
export const startingApp = () =>
  order('bankid.same_device', {
    rfa: 'RFA13',
    message: { en: 'Trying to start your BankID app.', sv: 'Försöker starta BankID-appen.' },
    launchUrl: LAUNCH_URL,
  });

export const complete = (loginMethod: LoginMethod = 'bankid.other_device') =>
  order(loginMethod, {
    requestStatus: 'complete',
    hintCode: null,
    transactionStatus: null,
    rfa: '',
    message: { en: '', sv: '' },
  });

export const cancelledByUser = (loginMethod: LoginMethod = 'bankid.other_device') =>
  order(loginMethod, {
    requestStatus: 'failed',
    hintCode: 'userCancel',
    transactionStatus: null,
    rfa: 'RFA6',
    message: { en: 'The action was cancelled.', sv: 'Åtgärden avbröts.' },
  });

export const expired = (loginMethod: LoginMethod = 'bankid.other_device') =>
  order(loginMethod, {
    requestStatus: 'failed',
    hintCode: 'expiredTransaction',
    transactionStatus: 'expiredTransaction',
    rfa: 'RFA8',
    message: RFA_MESSAGES.RFA8,
  });

export const homeowner = {
  user: { id: 'h-anna', name: 'Anna Andersson', personalNumberMasked: '19900101-****', kind: 'homeowner' },
};
