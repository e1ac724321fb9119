import crypto from 'node:crypto';
import { inspect } from 'node:util';
import { z } from 'zod';

/**
 * The personal-number vault's data key (DATA_ENCRYPTION_KEY): 32 random bytes with a version. Written as
 * `v<version>:<base64>`, or bare base64 for version 1. The version travels with every ciphertext and lookup hash,
 * so a rotation (cli.ts rotate-data-key) can tell what the old key wrote from what the new one did.
 */
export class DataKey {
  constructor(
    readonly version: number,
    private readonly material: Buffer,
  ) {
    if (!Number.isInteger(version) || version < 1) throw new Error('data key version must be a positive integer');
    if (material.length !== 32) throw new Error('data key must be 32 bytes');
  }

  static generate(version = 1): DataKey {
    return new DataKey(version, crypto.randomBytes(32));
  }

  /** A sub-key for one purpose: HKDF-SHA256 with a label per purpose, so no two uses share key bytes. */
  derive(label: string): Buffer {
    return Buffer.from(crypto.hkdfSync('sha256', this.material, Buffer.alloc(0), `home-energy ${label}`, 32));
  }

  /** The form DATA_ENCRYPTION_KEY takes (and app_secrets keeps): `v<version>:<base64>`. */
  serialize(): string {
    return `v${this.version}:${this.material.toString('base64')}`;
  }

  // The key never reaches a log line or a JSON answer by accident.
  toJSON(): string {
    return `DataKey(v${this.version})`;
  }

  [inspect.custom](): string {
    return this.toJSON();
  }
}

const VERSIONED = /^v([1-9][0-9]{0,5}):(.*)$/s;

/** Parses DATA_ENCRYPTION_KEY; the error says what is wrong, never the value. */
export function parseDataKey(text: string): DataKey {
  const match = VERSIONED.exec(text.trim());
  const version = match ? Number(match[1]) : 1;
  const encoded = match ? match[2]!.trim() : text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded))
    throw new Error('must be base64 of 32 random bytes, optionally versioned as v2:<base64> (openssl rand -base64 32)');
  const material = Buffer.from(encoded, 'base64');
  if (material.length !== 32)
    throw new Error(`must be 32 bytes once base64-decoded, got ${material.length} (openssl rand -base64 32)`);
  return new DataKey(version, material);
}

/** The zod entry of config.ts: a DataKey, or one readable message per bad value. */
export const dataKeySchema = z.string().transform((text, ctx) => {
  try {
    return parseDataKey(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
