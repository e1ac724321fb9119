// A homeowner relies on finding their homes and answers again after the operators rotate a secret: the data key
// (rotate-data-key, docs/operations.md "Configuration") or AUTH_SECRET after a leak (the vault no longer derives from
// it).
import crypto from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/client';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { DataKey } from '../../src/bankid/data-key';
import { DataKeyError, loadDataKey, rotateDataKey, STORED_DATA_KEY } from '../../src/bankid/data-key-store';
import { PersonalNumberVault, VaultKeyError } from '../../src/bankid/personal-number';
import { createTestApp, TEST_DATA_KEY } from '../../test/test-app';
import { startBankIdTestWorld, type BankIdTestWorld } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { signInWithBankId, TestClock, type Agent, type TestPerson } from './bankid-homeowner-support';

const clock = new TestClock();
let world: BankIdTestWorld;
let database: DatabaseHandle;

beforeAll(async () => {
  world = await startBankIdTestWorld({ seed: [seedDemoStaff, seedPlatformContent], now: clock.now });
  ({ database } = world);
});
afterAll(() => world.close());

function appWith(extra: { dataKey?: DataKey; authSecret?: string }) {
  return createTestApp(database, world.fixtures, {}, { rp: world.rp, now: clock.now, ...extra });
}

/** The homeowner's saved state as they see it: their homes and the answers for the first. */
async function savedState(agent: Agent, propertyId: number) {
  const profile = (await agent.get('/api/flow/user/profile').expect(200)).body as { properties: { id: number }[] };
  const answers = (await agent.get(`/api/flow/property/${propertyId}/answers`).expect(200)).body.answers;
  return { properties: profile.properties.map((p) => p.id), answers };
}

/** Signs `person` in on `app`, adds a home to their profile and answers a question about it. */
async function homeownerWithData(app: ReturnType<typeof appWith>, person: TestPerson, street: string) {
  const [propertyId] = await insertStockholmHomes(database.db, [{ street, building: VILLA_1970 }]);
  const { agent, user } = await signInWithBankId(app, world.simulator, clock, person);
  await agent
    .patch('/api/flow/user/profile')
    .send({ properties: [propertyId], selectedPropertyId: propertyId })
    .expect(200);
  await agent.post(`/api/flow/property/${propertyId}/answer`).send({ attic_insulation_mm: 250 }).expect(200);
  const state = await savedState(agent, propertyId!);
  expect(state).toEqual({ properties: [propertyId], answers: expect.objectContaining({ attic_insulation_mm: 250 }) });
  return { user, propertyId: propertyId!, state };
}

async function homeownerCount(): Promise<number> {
  return Number((await database.pool.query('select count(*) as n from homeowners')).rows[0].n);
}

describe('rotating the data key', () => {
  it('a homeowner signs in again by BankID to the same account, homes and answers; the old key retires', async () => {
    const person = { personalNumber: '195603217719', name: 'Vilgot Rask', givenName: 'Vilgot', surname: 'Rask' };
    const oldKey = TEST_DATA_KEY;
    const oldApp = appWith({ dataKey: oldKey });
    const before = await homeownerWithData(oldApp, person, 'Rotationsgatan 1');
    const owners = await homeownerCount();

    const newKey = DataKey.generate(oldKey.version + 1);
    const result = await rotateDataKey(database.db, oldKey, newKey, 'none');
    expect(result.homeowners).toBe(owners);

    // Stored hash and ciphertext are the new key's; the old key neither decrypts nor finds anything.
    const row = (
      await database.pool.query(
        'select personal_number_hash, personal_number_encrypted from homeowners where id = $1',
        [Number(before.user.id.slice(1))],
      )
    ).rows[0];
    const oldVault = new PersonalNumberVault(oldKey);
    const newVault = new PersonalNumberVault(newKey);
    expect(row.personal_number_hash).toBe(newVault.hash(person.personalNumber));
    expect(row.personal_number_hash).not.toBe(oldVault.hash(person.personalNumber));
    expect(newVault.decrypt(row.personal_number_encrypted)).toBe(person.personalNumber);
    expect(() => oldVault.decrypt(row.personal_number_encrypted)).toThrow(VaultKeyError);
    expect(() =>
      new PersonalNumberVault(new DataKey(newKey.version, crypto.randomBytes(32))).decrypt(
        row.personal_number_encrypted,
      ),
    ).toThrow(VaultKeyError);
    const withOld = (
      await database.pool.query('select count(*) as n from homeowners where personal_number_hash like $1', [
        `v${oldKey.version}:%`,
      ])
    ).rows[0];
    expect(Number(withOld.n)).toBe(0);

    // A BFF still holding the old key cannot start, nor sign anyone in (no second account for the same person).
    await expect(loadDataKey(database.db, oldKey)).rejects.toThrow(DataKeyError);
    await expect(signInWithBankId(oldApp, world.simulator, clock, person)).rejects.toThrow(/503/);
    expect(await homeownerCount()).toBe(owners);

    // The BFF restarted with the new key: the same homeowner, their homes and answers.
    expect((await loadDataKey(database.db, newKey)).version).toBe(newKey.version);
    const { agent, user } = await signInWithBankId(appWith({ dataKey: newKey }), world.simulator, clock, person);
    expect(user.id).toBe(before.user.id);
    expect(await savedState(agent, before.propertyId)).toEqual(before.state);
    expect(await homeownerCount()).toBe(owners);

    // Back to the key every other test of this file uses (a second rotation, also version-checked).
    await expect(
      rotateDataKey(database.db, newKey, new DataKey(newKey.version, crypto.randomBytes(32)), 'none'),
    ).rejects.toThrow(/another version/);
    await rotateDataKey(database.db, newKey, new DataKey(newKey.version + 1, keyBytes(oldKey)), 'none');
    await rotateDataKey(database.db, new DataKey(newKey.version + 1, keyBytes(oldKey)), oldKey, 'none');
  });

  it('the key kept in the database (DATA_ENCRYPTION_KEY unset) is replaced by the new one', async () => {
    const person = { personalNumber: '196812054411', name: 'Siv Holm', givenName: 'Siv', surname: 'Holm' };
    await rotateDataKey(database.db, TEST_DATA_KEY, new DataKey(5, keyBytes(TEST_DATA_KEY)), 'new-key');
    const kept = await loadDataKey(database.db, undefined);
    expect(kept.version).toBe(5);
    const before = await homeownerWithData(appWith({ dataKey: kept }), person, 'Rotationsgatan 2');

    const next = DataKey.generate(kept.version + 1);
    await rotateDataKey(database.db, kept, next, 'new-key');
    const loaded = await loadDataKey(database.db, undefined);
    expect(loaded.serialize()).toBe(next.serialize());
    const { agent, user } = await signInWithBankId(appWith({ dataKey: loaded }), world.simulator, clock, person);
    expect(user.id).toBe(before.user.id);
    expect(await savedState(agent, before.propertyId)).toEqual(before.state);

    // Moving the key out of the database (DATA_ENCRYPTION_KEY_NEW): the kept copy is removed.
    await rotateDataKey(database.db, loaded, TEST_DATA_KEY, 'none');
    expect(
      (await database.pool.query('select count(*) as n from app_secrets where name = $1', [STORED_DATA_KEY])).rows[0].n,
    ).toBe('0');
    await expect(loadDataKey(database.db, undefined)).rejects.toThrow(/DATA_ENCRYPTION_KEY is unset/);
    expect(
      (await database.pool.query('select count(*) as n from app_secrets where name = $1', [STORED_DATA_KEY])).rows[0].n,
    ).toBe('0');
  });
});

describe('rotating AUTH_SECRET', () => {
  it('the same personal number signs in to the same homeowner with their saved homes and answers', async () => {
    const person = { personalNumber: '197409304478', name: 'Edla Strand', givenName: 'Edla', surname: 'Strand' };
    const before = await homeownerWithData(
      appWith({ authSecret: 'the-leaked-secret-the-leaked-secret-0001' }),
      person,
      'Rotationsgatan 3',
    );
    const { agent, user } = await signInWithBankId(
      appWith({ authSecret: 'a-brand-new-secret-a-brand-new-secret-02' }),
      world.simulator,
      clock,
      person,
    );
    expect(user.id).toBe(before.user.id);
    expect(await savedState(agent, before.propertyId)).toEqual(before.state);
  });

  it('homeowners written with the keys AUTH_SECRET gave are converted once at start and keep their data', async () => {
    const person = { personalNumber: '195001019990', name: 'Gunnel Ek', givenName: 'Gunnel', surname: 'Ek' };
    const authSecret = 'the-old-way-the-old-way-the-old-way-00003';
    const before = await homeownerWithData(appWith({ authSecret }), person, 'Rotationsgatan 4');
    // As the BFF wrote them before the data key existed (sha256 of a prefix and AUTH_SECRET).
    const hashKey = crypto.createHash('sha256').update(`pnr-hash:${authSecret}`).digest();
    const encryptionKey = crypto.createHash('sha256').update(`pnr-encrypt:${authSecret}`).digest();
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey, iv);
    const data = Buffer.concat([cipher.update(person.personalNumber, 'utf8'), cipher.final()]);
    await database.pool.query(
      'update homeowners set personal_number_hash = $1, personal_number_encrypted = $2 where id = $3',
      [
        crypto.createHmac('sha256', hashKey).update(person.personalNumber).digest('hex'),
        [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.'),
        Number(before.user.id.slice(1)),
      ],
    );

    await loadDataKey(database.db, TEST_DATA_KEY, { legacyAuthSecret: authSecret });
    const { agent, user } = await signInWithBankId(
      appWith({ authSecret: 'after-the-leak-after-the-leak-after-0004' }),
      world.simulator,
      clock,
      person,
    );
    expect(user.id).toBe(before.user.id);
    expect(await savedState(agent, before.propertyId)).toEqual(before.state);
  });
});

function keyBytes(key: DataKey): Buffer {
  return Buffer.from(key.serialize().split(':')[1]!, 'base64');
}
