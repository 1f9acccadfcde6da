import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { openReadModelOrm, readModelTables, type ReadModelOrm } from './read-model-orm.js';
import { stationsTable } from './stations.entity.js';
import { usersTable } from './users.entity.js';

let db: TestDatabase;
let sut: ReadModelOrm;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false, max: 3 });
  for (const t of readModelTables) await db.pool.query(t.create(t.name));
  sut = openReadModelOrm(db.pool);
});
afterAll(async () => {
  await sut.close(false);
  await db.drop();
});

/** What MikroORM's own schema comparison would change to make the live tables match the entities. */
const schemaChanges = async (): Promise<string> => (await sut.schema.getUpdateSchemaSQL({ wrap: false, safe: true })).trim();

describe('read models through MikroORM', () => {
  it('finds nothing to change between the entities and the tables their DDL creates', async () => {
    expect(await schemaChanges()).toBe('');
  });

  it('sees a table that drifted from its entity (the control case)', async () => {
    await db.pool.query('ALTER TABLE station_links ALTER COLUMN linked_at DROP NOT NULL');
    try {
      expect(await schemaChanges()).toContain('station_links');
    } finally {
      await db.pool.query('ALTER TABLE station_links ALTER COLUMN linked_at SET NOT NULL');
    }
  });

  it('reads rows as Postgres answers them, on the product’s pool', async () => {
    await db.pool.query(
      `INSERT INTO users (id, revision, email, name, bio, photo, public_profile, email_validated, has_password, locale,
         tnc_date, admin, moderator, deleted, created_at, updated_at)
       VALUES (7, 3, 'a@example.org', 'Ada', '', NULL, true, true, true, 'en-US', NULL, false, false, false,
         '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z')`,
    );
    const em = sut.em.fork();
    const found = await em.findOne(usersTable.entity, { id: '7' });
    expect(found).toMatchObject({ id: '7', revision: '3', name: 'Ada', locale: 'en-US', tnc_date: null, deleted: false });
    expect(found?.created_at).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(await em.findOne(usersTable.entity, { id: '8' })).toBeNull();
    expect(await em.count(stationsTable.entity, { owner_id: '7' })).toBe(0);
    // Borrowed from the product's pool and given back.
    expect(db.pool.idleCount).toBeGreaterThan(0);
    expect(db.pool.totalCount).toBeLessThanOrEqual(3);
  });
});
