import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../../test/test-database';
import { findRelease, insertRelease } from '../repository';
import { networkOf, SERVED_KEPT_MS, ServedReleases, sweepServedReleases, wasServed } from '../served';

let database: DatabaseHandle;
let releaseId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const row = { remote: 'mfe-results', version: '1.0.0-served', shared: [], files: 1, bytes: 1, releasedBy: 'ci' };
  await insertRelease(database.db, row);
  releaseId = (await findRelease(database.db, row.remote, row.version))!.id;
});
afterAll(() => database.close());

describe('networks', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8:aa:1::5', '2001:db8:aa::/48'],
    ['2001:db8:aa:ffff::1', '2001:db8:aa::/48'],
  ])('puts %s in %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it('tells neighbouring networks apart', () => {
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('2001:db8:ab::1')).not.toBe(networkOf('2001:db8:aa::1'));
  });
});

describe('served releases', () => {
  it('records what the registry served a session, once, and knows nothing of other sessions', async () => {
    const served = new ServedReleases(database.db, 60);
    expect(await served.record('visitor-a', [releaseId], '203.0.113.7')).toBe(true);
    expect(await served.record('visitor-a', [releaseId], '203.0.113.7')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'visitor-a')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'visitor-b')).toBe(false);
    const { rows } = await database.pool.query(`select count(*)::int as n from mfe_release_served`);
    expect(rows[0].n).toBe(1);
  });

  it('records at most its share of new sessions a minute from one address, other addresses theirs', async () => {
    const served = new ServedReleases(database.db, 3);
    const recorded = [];
    for (let i = 0; i < 10; i++) recorded.push(await served.record(`flood-${i}`, [releaseId], '198.51.100.1'));
    expect(recorded).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(await wasServed(database.db, releaseId, 'flood-2')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'flood-3')).toBe(false);
    // A session already recorded is no new one.
    expect(await served.record('flood-0', [releaseId], '198.51.100.1')).toBe(true);
    expect(await served.record('elsewhere', [releaseId], '198.51.100.2')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'elsewhere')).toBe(true);
  });

  it('sweeps what was served longer ago than it is kept', async () => {
    await database.pool.query(
      `insert into mfe_release_served (release_id, visitor, served_at) values ($1, 'old', now() - interval '8 days'),
         ($1, 'recent', now() - interval '6 days')`,
      [releaseId],
    );
    expect(SERVED_KEPT_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await sweepServedReleases(database.db)).toBe(1);
    expect(await wasServed(database.db, releaseId, 'old')).toBe(false);
    expect(await wasServed(database.db, releaseId, 'recent')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'visitor-a')).toBe(true);
    expect(await wasServed(database.db, releaseId, 'flood-0')).toBe(true);
  });
});
