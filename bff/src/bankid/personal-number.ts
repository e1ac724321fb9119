import crypto from 'node:crypto';
import type { DataKey } from './data-key';

/** Sub-key labels (HKDF info): one per purpose, never reused. */
export const VAULT_LABELS = {
  encryption: 'personal-number vault: aes-256-gcm',
  lookup: 'personal-number vault: lookup hmac',
  check: 'personal-number vault: key check',
} as const;

export class VaultKeyError extends Error {}

/**
 * Personal numbers are never stored in clear: a keyed hash finds the homeowner, AES-256-GCM keeps the number
 * (and a completed BankID order's signer) for the rare case it must be read back, and only a masked form is ever
 * shown. Keys come from the data key (bankid/data-key.ts), never from AUTH_SECRET, so rotating either leaves the
 * other alone. Every hash and ciphertext starts with `v<version>`: the key that wrote it.
 */
export class PersonalNumberVault {
  readonly version: number;
  /** Identifies the key (not secret): app_secrets keeps the one the data is written with (bankid/data-key-store.ts). */
  readonly keyCheck: string;
  private readonly hashKey: Buffer;
  private readonly encryptionKey: Buffer;

  /** Without a key (a process that signs no homeowner in, e.g. the analytics bench) every use throws. */
  static withoutKey(): PersonalNumberVault {
    return new Proxy({} as PersonalNumberVault, {
      get() {
        throw new VaultKeyError('no data key: this process cannot read or write personal numbers');
      },
    });
  }

  constructor(key: DataKey) {
    this.version = key.version;
    this.hashKey = key.derive(VAULT_LABELS.lookup);
    this.encryptionKey = key.derive(VAULT_LABELS.encryption);
    this.keyCheck = `v${key.version}:${key.derive(VAULT_LABELS.check).toString('hex').slice(0, 32)}`;
  }

  /** `v<version>:<hex>`: the lookup hash of a personal number under this key. */
  hash(personalNumber: string): string {
    return `v${this.version}:${crypto.createHmac('sha256', this.hashKey).update(personalNumber).digest('hex')}`;
  }

  /** `v<version>.<iv>.<tag>.<data>` (base64url); the version is authenticated too. */
  encrypt(text: string): string {
    const header = `v${this.version}`;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(header));
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [header, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join('.');
  }

  decrypt(stored: string): string {
    const [header, iv, tag, data, ...rest] = stored.split('.');
    if (
      keyVersionOf(stored) === null ||
      iv === undefined ||
      tag === undefined ||
      data === undefined ||
      rest.length > 0
    ) {
      throw new VaultKeyError('not a vault ciphertext');
    }
    if (header !== `v${this.version}`)
      throw new VaultKeyError(`written with data key ${header}, this vault holds v${this.version}`);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(header));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new VaultKeyError(`not written with this data key (v${this.version})`);
    }
  }
}

/** The key version a stored hash or ciphertext was written with; null for values from before versioning. */
export function keyVersionOf(stored: string): number | null {
  const match = /^v([1-9][0-9]*)[.:]/.exec(stored);
  return match ? Number(match[1]) : null;
}

/** 199001011239 → 19900101-****: the birth date is shown, the last four digits never. */
export function maskPersonalNumber(personalNumber: string): string {
  return `${personalNumber.slice(0, 8)}-****`;
}

/**
 * The keys before the data key existed (derived from AUTH_SECRET): only to convert rows written then
 * (bankid/data-key-store.ts), never to write.
 */
export class LegacyPersonalNumberVault {
  private readonly encryptionKey: Buffer;

  constructor(authSecret: string) {
    this.encryptionKey = crypto.createHash('sha256').update(`pnr-encrypt:${authSecret}`).digest();
  }

  decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.encryptionKey, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  }
}
