import { createLogger } from '../logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { until } from '../../../../test/support/until.js';
import { ReadingsVersions } from './readings-versions.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const versionsOver = (database: TestDatabase) => new ReadingsVersions(database.pool, database.url, createLogger('silent'));

describe('ReadingsVersions', () => {
  it("moves a station's version at once in the writing process and, once told, in every other", async () => {
    const writer = versionsOver(db);
    const reader = versionsOver(db);
    await writer.onModuleInit();
    await reader.onModuleInit();
    try {
      const [w0, r0] = [writer.of([1, 2]), reader.of([1, 2])];
      expect(w0).not.toBeNull();
      expect(r0).not.toBeNull();

      await writer.changed([2]);
      expect(writer.of([1, 2])).not.toBe(w0);
      expect(writer.of([1])).toBe(writer.of([1])); // station 1 did not move
      await until(() => reader.of([1, 2]) !== r0);
      expect(reader.of([3])).toBe(reader.of([3]));
    } finally {
      await writer.onApplicationShutdown();
      await reader.onApplicationShutdown();
    }
  });

  it('answers no version while it cannot hear the others (nothing cached is trusted then)', async () => {
    const versions = versionsOver(db);
    expect(versions.of([1])).toBeNull(); // not started
    await versions.onModuleInit();
    expect(versions.of([1])).not.toBeNull();
    await versions.onApplicationShutdown();
    expect(versions.of([1])).toBeNull();
  });
});
