import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets, bankidOrders, homeowners } from '../db/schema';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import { DataKey, parseDataKey } from './data-key';
import { keyVersionOf, LegacyPersonalNumberVault, PersonalNumberVault } from './personal-number';

/** app_secrets rows: the generated key when DATA_ENCRYPTION_KEY is unset, and which key the data is written with. */
export const STORED_DATA_KEY = 'data-encryption-key';
export const DATA_KEY_CHECK = 'data-encryption-key-check';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export class DataKeyError extends ConfigError {}

/**
 * The key check the data is written with (locked until the transaction ends); claimed for `vault` when none is kept
 * yet.
 */
async function keyCheckFor(tx: Queryable, vault: PersonalNumberVault, lock: 'share' | 'update'): Promise<string> {
  await tx.insert(appSecrets).values({ name: DATA_KEY_CHECK, value: vault.keyCheck }).onConflictDoNothing();
  const rows = await tx
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, DATA_KEY_CHECK))
    .for(lock);
  return rows[0]!.value;
}

/**
 * Throws unless `vault` holds the key the data is written with: a retired key must never write (cli.ts
 * rotate-data-key).
 */
export async function assertCurrentDataKey(tx: Queryable, vault: PersonalNumberVault): Promise<void> {
  const current = await keyCheckFor(tx, vault, 'share');
  if (current !== vault.keyCheck) {
    throw new DataKeyError(
      `The data is written with data key ${current.split(':')[0]}, this process holds v${vault.version}: ` +
        `restart it with the current DATA_ENCRYPTION_KEY.`,
    );
  }
}

/**
 * The vault's data key: DATA_ENCRYPTION_KEY when set, otherwise one generated on first start and kept in app_secrets
 * (like auth/secrets.ts, but independent of AUTH_SECRET). Refuses a key other than the one the data is written with.
 * Homeowners written before the data key existed are converted once, with the AUTH_SECRET their keys came from.
 */
export async function loadDataKey(
  db: Db,
  fromEnv: DataKey | undefined,
  options: { legacyAuthSecret?: string; logger?: Logger } = {},
): Promise<DataKey> {
  return db.transaction(async (tx) => {
    let key = fromEnv;
    let generated = false;
    if (!key) {
      generated =
        (
          await tx
            .insert(appSecrets)
            .values({ name: STORED_DATA_KEY, value: DataKey.generate().serialize() })
            .onConflictDoNothing()
            .returning()
        ).length > 0;
      const row = await tx.query.appSecrets.findFirst({ where: eq(appSecrets.name, STORED_DATA_KEY) });
      key = parseDataKey(row!.value);
    }
    const vault = new PersonalNumberVault(key);
    const current = await keyCheckFor(tx, vault, 'update');
    if (current !== vault.keyCheck) {
      const which = fromEnv
        ? `DATA_ENCRYPTION_KEY (v${key.version}) is not`
        : generated
          ? 'DATA_ENCRYPTION_KEY is unset and the database keeps no key, but that is not'
          : `DATA_ENCRYPTION_KEY is unset and the key kept in the database (v${key.version}) is not`;
      throw new DataKeyError(
        `${which} the key the personal numbers are written with (${current.split(':')[0]}). Set ` +
          `DATA_ENCRYPTION_KEY to that key; after a rotation, to the new one.`,
      );
    }
    if (options.legacyAuthSecret) {
      const left = await convertLegacyHomeowners(tx, new LegacyPersonalNumberVault(options.legacyAuthSecret), vault);
      if (left > 0)
        options.logger?.warn(
          { homeowners: left },
          'personal numbers from before the data key that AUTH_SECRET does not decrypt: those homeowners ' +
            'cannot sign in to their data',
        );
    }
    return key;
  });
}

/**
 * Homeowners whose hash has no key version were written with keys from AUTH_SECRET; returns how many could not be
 * converted.
 */
async function convertLegacyHomeowners(
  tx: Tx,
  legacy: LegacyPersonalNumberVault,
  vault: PersonalNumberVault,
): Promise<number> {
  const rows = await tx
    .select({ id: homeowners.id, encrypted: homeowners.personalNumberEncrypted })
    .from(homeowners)
    // Hex hashes sort before 'v': the unique index answers this at every start without reading the table.
    .where(sql`${homeowners.personalNumberHash} < 'v'`);
  let left = 0;
  const converted: { id: number; hash: string; encrypted: string }[] = [];
  for (const row of rows) {
    try {
      const personalNumber = legacy.decrypt(row.encrypted);
      converted.push({ id: row.id, hash: vault.hash(personalNumber), encrypted: vault.encrypt(personalNumber) });
    } catch {
      left += 1;
    }
  }
  await writeHomeowners(tx, converted);
  return left;
}

async function writeHomeowners(tx: Tx, rows: { id: number; hash: string; encrypted: string }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const values = sql.join(
      rows.slice(start, start + 500).map((r) => sql`(${r.id}::int, ${r.hash}::text, ${r.encrypted}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${homeowners} set personal_number_hash = v.hash, personal_number_encrypted = v.encrypted
      from (values ${values}) as v(id, hash, encrypted) where ${homeowners.id} = v.id`);
  }
}

export interface RotationResult {
  homeowners: number;
  orders: number;
  /** Completed orders the old key could not open: failed (their signer starts again). */
  ordersFailed: number;
}

/**
 * Re-encrypts every personal number and recomputes every lookup hash with `newKey`, in one transaction; from its
 * commit the old key is retired (assertCurrentDataKey refuses it). `store`: what app_secrets keeps afterwards — the
 * new key (the database's own key was rotated) or none (the key lives in DATA_ENCRYPTION_KEY).
 */
export async function rotateDataKey(
  db: Db,
  oldKey: DataKey,
  newKey: DataKey,
  store: 'new-key' | 'none',
): Promise<RotationResult> {
  if (newKey.version === oldKey.version)
    throw new DataKeyError(
      `The new data key needs another version than the old one (v${oldKey.version}): write it as ` +
        `v${oldKey.version + 1}:<base64>.`,
    );
  const oldVault = new PersonalNumberVault(oldKey);
  const newVault = new PersonalNumberVault(newKey);
  return db.transaction(async (tx) => {
    const current = await keyCheckFor(tx, oldVault, 'update');
    if (current !== oldVault.keyCheck) {
      throw new DataKeyError(
        `The old key (v${oldKey.version}) is not the key the data is written with ` +
          `(${current.split(':')[0]}); nothing was changed.`,
      );
    }
    const owners = await tx
      .select({ id: homeowners.id, encrypted: homeowners.personalNumberEncrypted })
      .from(homeowners)
      .for('update');
    const rewritten = owners.map((row) => {
      if (keyVersionOf(row.encrypted) === null) {
        throw new DataKeyError(
          `Homeowner ${row.id} is still written with the keys from AUTH_SECRET: start the BFF once with this ` +
            `version (it converts them), then rotate.`,
        );
      }
      const personalNumber = oldVault.decrypt(row.encrypted);
      return { id: row.id, hash: newVault.hash(personalNumber), encrypted: newVault.encrypt(personalNumber) };
    });
    await writeHomeowners(tx, rewritten);

    const orders = await tx
      .select({ id: bankidOrders.id, completed: bankidOrders.completedUserEncrypted })
      .from(bankidOrders)
      .where(isNotNull(bankidOrders.completedUserEncrypted))
      .for('update');
    const failed: string[] = [];
    for (const order of orders) {
      let reencrypted: string | null = null;
      try {
        reencrypted = newVault.encrypt(oldVault.decrypt(order.completed!));
      } catch {
        failed.push(order.id);
        continue;
      }
      await tx.update(bankidOrders).set({ completedUserEncrypted: reencrypted }).where(eq(bankidOrders.id, order.id));
    }
    if (failed.length > 0) {
      await tx
        .update(bankidOrders)
        .set({ completedUserEncrypted: null, status: 'failed', hintCode: 'expiredTransaction' })
        .where(inArray(bankidOrders.id, failed));
    }

    await tx
      .update(appSecrets)
      .set({ value: newVault.keyCheck, createdAt: new Date() })
      .where(eq(appSecrets.name, DATA_KEY_CHECK));
    if (store === 'new-key') {
      await tx
        .insert(appSecrets)
        .values({ name: STORED_DATA_KEY, value: newKey.serialize() })
        .onConflictDoUpdate({ target: appSecrets.name, set: { value: newKey.serialize(), createdAt: new Date() } });
    } else {
      await tx.delete(appSecrets).where(eq(appSecrets.name, STORED_DATA_KEY));
    }
    return { homeowners: rewritten.length, orders: orders.length - failed.length, ordersFailed: failed.length };
  });
}

/** The key the CLI rotates from: DATA_ENCRYPTION_KEY, or the one kept in the database (none: nothing to rotate). */
export async function storedDataKey(db: Db): Promise<DataKey | null> {
  const row = await db.query.appSecrets.findFirst({ where: eq(appSecrets.name, STORED_DATA_KEY) });
  return row ? parseDataKey(row.value) : null;
}
