import { parseQrData, qrAuthCode, qrData, qrTimeAt, verifyQrAuthCode } from '../../qr';

const token = '67df3917-fa0d-44e5-b327-edcc928297f8';
const secret = 'd28db9a7-4cde-429e-a983-359be676944c';
const vector = [
  'dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8',
  '949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2',
  'a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3',
];

describe('animated QR (docs/auth.md §3.6)', () => {
  it('matches the BankID test vector for t = 0, 1, 2', () => {
    vector.forEach((code, t) => {
      expect(qrAuthCode(secret, t)).toBe(code);
      expect(qrData(token, secret, t)).toBe(`bankid.${token}.${t}.${code}`);
    });
  });

  it('gives a different code for another secret or time', () => {
    expect(qrAuthCode('00000000-0000-0000-0000-000000000000', 0)).not.toBe(vector[0]);
    expect(qrAuthCode(secret, 3)).not.toBe(vector[2]);
  });

  it('refuses a negative or fractional qrTime', () => {
    expect(() => qrAuthCode(secret, -1)).toThrow(RangeError);
    expect(() => qrAuthCode(secret, 1.5)).toThrow(RangeError);
  });

  it('counts whole seconds since the start response', () => {
    expect(qrTimeAt(1_000, 1_000)).toBe(0);
    expect(qrTimeAt(1_000, 1_999)).toBe(0);
    expect(qrTimeAt(1_000, 2_000)).toBe(1);
    expect(qrTimeAt(1_000, 500)).toBe(0);
  });

  it('parses and verifies a payload, and rejects malformed ones', () => {
    const parsed = parseQrData(qrData(token, secret, 2));
    expect(parsed).toEqual({ qrStartToken: token, qrTime: 2, qrAuthCode: vector[2] });
    expect(verifyQrAuthCode(secret, 2, vector[2]!)).toBe(true);
    expect(verifyQrAuthCode(secret, 1, vector[2]!)).toBe(false);
    expect(verifyQrAuthCode(secret, 2, 'abc')).toBe(false);
    for (const bad of [
      '',
      'bankid',
      `bankid.${token}.2`,
      `bankid.${token}.-1.${vector[0]}`,
      `bankid.${token}.01.${vector[1]}`,
      `bankid.not-a-uuid.0.${vector[0]}`,
      `BANKID.${token}.0.${vector[0]}`,
    ]) {
      expect(parseQrData(bad)).toBeNull();
    }
  });
});
