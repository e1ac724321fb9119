import crypto from 'node:crypto';

/** Animated QR (auth-protocols.md §3.6): HMAC-SHA256 of the whole seconds since the order started. */
export function qrAuthCode(qrStartSecret: string, qrTime: number): string {
  return crypto.createHmac('sha256', qrStartSecret).update(String(qrTime)).digest('hex');
}

export function qrData(qrStartToken: string, qrStartSecret: string, qrTime: number): string {
  return `bankid.${qrStartToken}.${qrTime}.${qrAuthCode(qrStartSecret, qrTime)}`;
}

export function qrTimeSince(startedAt: Date, now: number): number {
  return Math.max(0, Math.floor((now - startedAt.getTime()) / 1000));
}
