import crypto from 'node:crypto';
import { inspect } from 'node:util';
import { DataKey, parseDataKey } from '../data-key';
import { keyVersionOf, maskPersonalNumber, PersonalNumberVault, VAULT_LABELS, VaultKeyError } from '../personal-number';
import { ConfigError, loadConfig } from '../../config';

const PNR = '198507099805';
const bytes = Buffer.alloc(32, 3);

describe('data key', () => {
  it('reads base64 of 32 bytes as version 1 and v<N>:<base64> as version N', () => {
    expect(parseDataKey(bytes.toString('base64')).version).toBe(1);
    const v7 = parseDataKey(`v7:${bytes.toString('base64')}`);
    expect(v7.version).toBe(7);
    expect(parseDataKey(v7.serialize()).serialize()).toBe(v7.serialize());
  });

  it('refuses anything else with a message that does not repeat the value', () => {
    for (const bad of [
      'short',
      Buffer.alloc(16).toString('base64'),
      `v0:${bytes.toString('base64')}`,
      `v2:${Buffer.alloc(31).toString('base64')}`,
      'not base64!!',
    ]) {
      expect(() => parseDataKey(bad)).toThrow(/32/);
    }
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 bytes once base64-decoded, got 5/,
    );
    expect(loadConfig({ DATA_ENCRYPTION_KEY: `v3:${bytes.toString('base64')}` }).DATA_ENCRYPTION_KEY?.version).toBe(3);
    expect(loadConfig({}).DATA_ENCRYPTION_KEY).toBeUndefined();
  });

  it('never shows its bytes in JSON or inspect', () => {
    const key = new DataKey(2, bytes);
    expect(JSON.stringify({ key })).toBe('{"key":"DataKey(v2)"}');
    expect(inspect(key)).toBe('DataKey(v2)');
  });

  it('derives a different sub-key for every label (HKDF-SHA256)', () => {
    const key = new DataKey(1, bytes);
    const labels = Object.values(VAULT_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    const derived = labels.map((label) => key.derive(label).toString('hex'));
    expect(new Set(derived).size).toBe(labels.length);
    expect(derived[0]).toBe(
      Buffer.from(crypto.hkdfSync('sha256', bytes, Buffer.alloc(0), `home-energy ${labels[0]}`, 32)).toString('hex'),
    );
    expect(derived).not.toContain(bytes.toString('hex'));
  });
});

describe('personal-number vault', () => {
  const vault = new PersonalNumberVault(new DataKey(1, bytes));

  it('records the key version in every hash and ciphertext', () => {
    const v4 = new PersonalNumberVault(new DataKey(4, bytes));
    expect(vault.hash(PNR)).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(v4.hash(PNR)).toMatch(/^v4:[0-9a-f]{64}$/);
    expect(vault.encrypt(PNR)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(keyVersionOf(v4.encrypt(PNR))).toBe(4);
    expect(keyVersionOf(v4.hash(PNR))).toBe(4);
    expect(keyVersionOf(crypto.createHash('sha256').update(PNR).digest('hex'))).toBeNull();
  });

  it('hashes deterministically per key, encrypts with a fresh IV, and reads back its own ciphertext', () => {
    expect(vault.hash(PNR)).toBe(vault.hash(PNR));
    expect(vault.hash(PNR)).not.toBe(new PersonalNumberVault(new DataKey(1, Buffer.alloc(32, 4))).hash(PNR));
    const a = vault.encrypt(PNR);
    expect(a).not.toBe(vault.encrypt(PNR));
    expect(a).not.toContain(PNR);
    expect(vault.decrypt(a)).toBe(PNR);
  });

  it('fails with a wrong key, another version, a tampered version header or a tampered ciphertext', () => {
    const stored = vault.encrypt(PNR);
    expect(() => new PersonalNumberVault(new DataKey(1, Buffer.alloc(32, 9))).decrypt(stored)).toThrow(VaultKeyError);
    expect(() => new PersonalNumberVault(new DataKey(2, Buffer.alloc(32, 9))).decrypt(stored)).toThrow(
      /written with data key v1, this vault holds v2/,
    );
    // Same bytes under version 2: the version is authenticated, so relabelling the ciphertext does not open it.
    expect(() => new PersonalNumberVault(new DataKey(2, bytes)).decrypt(stored.replace(/^v1\./, 'v2.'))).toThrow(
      VaultKeyError,
    );
    const parts = stored.split('.');
    parts[3] = Buffer.from(Buffer.from(parts[3]!, 'base64url').map((b) => b ^ 1)).toString('base64url');
    expect(() => vault.decrypt(parts.join('.'))).toThrow(VaultKeyError);
    expect(() => vault.decrypt('garbage')).toThrow(VaultKeyError);
  });

  it('without a key refuses every use', () => {
    expect(() => PersonalNumberVault.withoutKey().hash(PNR)).toThrow(VaultKeyError);
  });

  it('masks all but the birth date', () => {
    expect(maskPersonalNumber(PNR)).toBe('19850709-****');
  });
});
