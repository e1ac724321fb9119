import crypto from 'node:crypto';

/**
 * Personal numbers are never stored in clear: a keyed hash finds the homeowner, AES-256-GCM keeps the number
 * for the rare case it must be read back, and only a masked form is ever shown.
 */
export class PersonalNumberVault {
  private readonly hashKey: Buffer;
  private readonly encryptionKey: Buffer;

  constructor(secret: string) {
    this.hashKey = crypto.createHash('sha256').update(`pnr-hash:${secret}`).digest();
    this.encryptionKey = crypto.createHash('sha256').update(`pnr-encrypt:${secret}`).digest();
  }

  hash(personalNumber: string): string {
    return crypto.createHmac('sha256', this.hashKey).update(personalNumber).digest('hex');
  }

  encrypt(personalNumber: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const data = Buffer.concat([cipher.update(personalNumber, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
  }

  decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.encryptionKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}

/** 199001011239 → 19900101-****: the birth date is shown, the last four digits never. */
export function maskPersonalNumber(personalNumber: string): string {
  return `${personalNumber.slice(0, 8)}-****`;
}
