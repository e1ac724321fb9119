import crypto from 'node:crypto';

/**
 * Animated QR code of the BankID RP API v6.0 (docs/auth.md §3.6).
 *
 * `qrTime` is the number of whole seconds since the /auth or /sign response was received.
 * `qrAuthCode = hex(HMAC_SHA256(key = ASCII(qrStartSecret), msg = ASCII(String(qrTime))))`.
 * The payload shown as a QR code is `bankid.{qrStartToken}.{qrTime}.{qrAuthCode}`; regenerate it every second.
 *
 * Pure and shared: the simulator uses it to check a scan, the BFF uses it to draw the QR.
 */
export function qrAuthCode(qrStartSecret: string, qrTime: number): string {
  assertQrTime(qrTime);
  return crypto.createHmac('sha256', Buffer.from(qrStartSecret, 'ascii')).update(String(qrTime), 'ascii').digest('hex');
}

/** The QR payload for one second: `bankid.{qrStartToken}.{qrTime}.{qrAuthCode}`. */
export function qrData(qrStartToken: string, qrStartSecret: string, qrTime: number): string {
  return `bankid.${qrStartToken}.${qrTime}.${qrAuthCode(qrStartSecret, qrTime)}`;
}

/** Whole seconds between the order's start response (`startedAtMs`) and `nowMs`; never negative. */
export function qrTimeAt(startedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startedAtMs) / 1000));
}

export interface ParsedQrData {
  qrStartToken: string;
  qrTime: number;
  qrAuthCode: string;
}

const QR_PATTERN =
  /^bankid\.([0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12})\.(0|[1-9][0-9]{0,8})\.([0-9a-f]{64})$/;

/** Parses a scanned QR payload; null when it is not `bankid.<uuid>.<seconds>.<64 lowercase hex>`. */
export function parseQrData(data: string): ParsedQrData | null {
  const match = QR_PATTERN.exec(data.trim());
  if (!match) return null;
  return { qrStartToken: match[1]!.toLowerCase(), qrTime: Number(match[2]), qrAuthCode: match[3]! };
}

/** Constant-time check of a claimed auth code against the secret. */
export function verifyQrAuthCode(qrStartSecret: string, qrTime: number, claimed: string): boolean {
  const expected = Buffer.from(qrAuthCode(qrStartSecret, qrTime), 'ascii');
  const given = Buffer.from(claimed, 'ascii');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

function assertQrTime(qrTime: number): void {
  if (!Number.isSafeInteger(qrTime) || qrTime < 0)
    throw new RangeError(`qrTime must be a whole number of seconds ≥ 0, got ${qrTime}`);
}
