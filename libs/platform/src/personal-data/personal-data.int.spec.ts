import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { SealingEventStore, personalSubject } from './sealing-event-store.js';
import { SubjectKeyStore } from './subject-keys.js';

let db: TestDatabase;
let keys: SubjectKeyStore;
let sut: SealingEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  keys = new SubjectKeyStore(db.pool, db.url);
  sut = new SealingEventStore(new PostgresEventStore(db.pool), keys);
});
afterAll(async () => {
  await keys.close();
  await db.drop();
});

const event = (userId: number, pii: unknown) => ({
  type: 'UserRegistered',
  data: { userId, pii, via: 'password' },
  metadata: { eventId: randomUUID(), correlationId: 'c', causationId: 'c', userId: null, occurredAt: new Date().toISOString() },
});

describe('sealed personal data', () => {
  it('stores only ciphertext, opens it on every read, and leaves events without pii alone', async () => {
    await sut.append('user-1', [event(1, { email: 'ana@example.org', name: 'Ana' })], 'no_stream');
    await sut.append('other-1', [{ ...event(1, undefined), type: 'Other' }], 'no_stream');
    const raw = await db.pool.query<{ data: string }>("SELECT data::text FROM gt_events WHERE stream_id = 'user-1'");
    expect(raw.rows[0]!.data).not.toMatch(/ana@example.org|Ana/);
    expect(raw.rows[0]!.data).toMatch(/"\$sealed":"gt1\./);
    const [read] = await sut.readStream('user-1');
    expect(read!.data).toEqual({ userId: 1, pii: { email: 'ana@example.org', name: 'Ana' }, via: 'password' });
    const all = await sut.readAll({ after: null, limit: 10 });
    expect(all.map((e) => (e.data as { pii?: unknown }).pii)).toEqual([{ email: 'ana@example.org', name: 'Ana' }, undefined]);
  });

  it('reads pii as null for everyone after the key is destroyed, in other processes too, and seals nothing new for them', async () => {
    await sut.append('user-2', [event(2, { email: 'bo@example.org' })], 'no_stream');
    const otherProcess = new SubjectKeyStore(db.pool, db.url);
    await otherProcess.listen();
    const otherStore = new SealingEventStore(new PostgresEventStore(db.pool), otherProcess);
    expect((await otherStore.readStream('user-2'))[0]!.data).toMatchObject({ pii: { email: 'bo@example.org' } });

    await keys.destroy(personalSubject(2));
    expect((await sut.readStream('user-2'))[0]!.data).toEqual({ userId: 2, pii: null, via: 'password' });
    await new Promise((r) => setTimeout(r, 200)); // the NOTIFY reaches the other listener
    expect((await otherStore.readStream('user-2'))[0]!.data).toMatchObject({ pii: null });
    await expect(sut.append('user-2', [event(2, { email: 'again@example.org' })], 'any')).rejects.toThrow(/destroyed/);
    await otherProcess.close();
  });

  it("will not open a sealed value moved onto another person's event", async () => {
    await sut.append('user-3', [event(3, { email: 'cy@example.org' })], 'no_stream');
    await sut.append('user-4', [event(4, { email: 'di@example.org' })], 'no_stream');
    await db.pool.query(
      `UPDATE gt_events SET data = json_build_object('userId', 4, 'pii', (SELECT data->'pii' FROM gt_events WHERE stream_id = 'user-3'))
       WHERE stream_id = 'user-4'`,
    );
    const moved = (
      await db.pool.query<{ data: { pii: { subject: string } } }>("SELECT data FROM gt_events WHERE stream_id = 'user-4'")
    ).rows[0]!;
    // The envelope names user 3; re-labelling it as user 4's fails authentication.
    await db.pool.query(`UPDATE gt_events SET data = $1 WHERE stream_id = 'user-4'`, [
      JSON.stringify({ userId: 4, pii: { ...moved.data.pii, subject: personalSubject(4) } }),
    ]);
    await expect(sut.readStream('user-4')).rejects.toThrow();
  });
});
