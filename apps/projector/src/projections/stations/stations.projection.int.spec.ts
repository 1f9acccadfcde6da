import { stationDecider, stationStream } from '@groundtruth/domain';
import {
  createLogger,
  decideAndAppend,
  PostgresEventStore,
  ProjectionRunner,
  rebuildProjection,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
} from '@groundtruth/platform';
import { appendAccountHistory } from '../../../../../test/support/account-events.js';
import { tableSnapshot } from '../../../../../test/support/project-events.js';
import { appendStationHistory } from '../../../../../test/support/station-events.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { allEvents, expectIdempotent, expectIgnored, withData } from '../../../../../test/support/projection-checks.js';
import { stationsProjection as sut } from './stations.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;
let keys: SubjectKeyStore;

beforeAll(async () => {
  db = await createTestDatabase();
  keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
});
afterAll(() => db.drop());

const snapshot = () => Promise.all(sut.tables.map((t) => tableSnapshot(db.pool, t.name, `${t.name}::text`)));
const rows = async <T>(sql: string) => (await db.pool.query(sql)).rows as T[];

describe('stations projection', () => {
  it('fills every table, and drops a deleted owner’s attributes live just as a rebuild never sees them', async () => {
    // Owners 1..5: stations 4 and 9 belong to owner 5, whose account is deleted below.
    await appendStationHistory(store, { stations: 10, owners: 5 });
    const live = new ProjectionRunner(db.pool, store, sut, log, { batchSize: 7 });
    expect(await live.runUntilIdle()).toBe('idle');

    expect(await rows('SELECT name, string_value FROM station_attributes WHERE station_id = 4 ORDER BY attribute_id')).toEqual([
      { name: 'Neighborhood', string_value: 'Hood 4' },
      { name: 'Deployed By', string_value: 'Person 5' },
    ]);
    // Station 3 was reconfigured: the pH module kept its id (and label) by hardware id, diagnostics went, weather came.
    expect(
      await rows('SELECT module_id, name, label, position FROM station_modules WHERE station_id = 3 ORDER BY position'),
    ).toEqual([
      { module_id: '31', name: 'modules.water.ph', label: 'pH 3', position: 2 },
      { module_id: '36', name: 'modules.weather', label: null, position: 3 },
    ]);
    expect(await rows('SELECT name, string_value FROM station_attributes WHERE station_id = 3 ORDER BY attribute_id')).toEqual([
      { name: 'Neighborhood', string_value: 'Hood 3' },
      { name: 'Borough', string_value: 'Queens' },
    ]);
    expect(await rows('SELECT name, location_name, latitude, hidden FROM stations WHERE id IN (3, 4) ORDER BY id')).toEqual([
      { name: 'Station 3 moved', location_name: 'Moved', latitude: 41, hidden: false },
      { name: 'Station 4', location_name: null, latitude: 40.004, hidden: true },
    ]);
    // Station 5 linked to 4 then unlinked it; even stations also link to the first.
    expect(await rows('SELECT station_id, other_station_id FROM station_links WHERE station_id IN (4, 5) ORDER BY 1, 2')).toEqual(
      [
        { station_id: '4', other_station_id: '1' },
        { station_id: '4', other_station_id: '3' },
      ],
    );

    await appendAccountHistory(store, keys, { users: 5 });
    expect(await live.runUntilIdle()).toBe('idle');
    expect(await rows('SELECT * FROM station_attributes WHERE station_id IN (4, 9)')).toEqual([]);
    expect((await rows('SELECT * FROM station_attributes')).length).toBeGreaterThan(0);

    const before = await snapshot();
    await rebuildProjection(db.pool, store, sut, log, { batchSize: 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('drops a deleted station from every table (its links both ways), live as on a rebuild, and keeps the others', async () => {
    const at = (sql: string) => rows<{ n: number }>(sql).then((r) => r[0]!.n);
    expect(await at('SELECT count(*)::int AS n FROM station_links WHERE station_id = 4 OR other_station_id = 4')).toBeGreaterThan(
      0,
    );
    await decideAndAppend(
      store,
      stationDecider,
      stationStream(4),
      { type: 'DeleteStation', data: { stationId: 4 } },
      { correlationId: 'delete', causationId: 'delete', userId: 99, now: '2026-06-01T00:00:00.000Z' },
    );
    const live = new ProjectionRunner(db.pool, store, sut, log, { batchSize: 7 });
    expect(await live.runUntilIdle()).toBe('idle');
    for (const [table, where] of [
      ['stations', 'id = 4'],
      ['station_modules', 'station_id = 4'],
      ['station_attributes', 'station_id = 4'],
      ['station_links', 'station_id = 4 OR other_station_id = 4'],
    ] as const) {
      expect({ table, n: await at(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`) }).toEqual({ table, n: 0 });
    }
    // The control: station 3, registered and linked the same way, is all there.
    expect(await at('SELECT count(*)::int AS n FROM stations WHERE id = 3')).toBe(1);
    expect(await at('SELECT count(*)::int AS n FROM station_modules WHERE station_id = 3')).toBe(2);
    const before = await snapshot();
    await rebuildProjection(db.pool, store, sut, log, { batchSize: 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('ignores changes to a station it never saw registered, and the deletion of an account that owns none', async () => {
    const events = await allEvents(store);
    const changes = events.filter(
      (e) => e.streamId === 'station-3' && (e.type === 'StationUpdated' || e.type === 'StationDeployed'),
    );
    expect(new Set(changes.map((e) => e.type)).size).toBe(2);
    const deleted = events.find((e) => e.type === 'UserDeleted')!;
    await expectIgnored(db.pool, sut, [
      ...changes.map((e) => withData(e, { stationId: 99 }, 'station-99')),
      withData(deleted, { userId: 999 }, 'user-999'),
    ]);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
