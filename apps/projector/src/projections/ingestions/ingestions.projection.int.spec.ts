import { createLogger, PostgresEventStore, ProjectionRunner, rebuildProjection, type EventStore } from '@groundtruth/platform';
import { appendIngestionHistory } from '../../../../../test/support/ingestion-events.js';
import { tableSnapshot } from '../../../../../test/support/project-events.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { allEvents, expectIdempotent, expectIgnored } from '../../../../../test/support/projection-checks.js';
import { ingestionsProjection as sut } from './ingestions.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  await appendIngestionHistory(store, { stations: 6 });
}, 60_000);
afterAll(() => db.drop());

const snapshot = () => Promise.all(sut.tables.map((t) => tableSnapshot(db.pool, t.name, `${t.name}::text`)));

type StationDataRow = {
  station_id: string;
  uploads: number;
  last_ingestion_at: Date;
  recording_started_at: Date | null;
  last_reading_at: Date | null;
  battery: number | null;
  firmware: { version: string; build: string; number: string } | null;
};

describe('ingestions projection: station_data', () => {
  it("sums up each station's uploads, event by event as in one batch", async () => {
    const live = new ProjectionRunner(db.pool, store, sut, log, { batchSize: 1 });
    expect(await live.runUntilIdle()).toBe('idle');
    const rows = (await db.pool.query<StationDataRow>('SELECT * FROM station_data ORDER BY station_id')).rows;
    const byStation = new Map(rows.map((r) => [Number(r.station_id), r]));
    expect(rows).toHaveLength(6);

    // Its latest readings are in the first data upload; the backlog holds older ones and another battery.
    expect(byStation.get(1)).toMatchObject({
      uploads: 3,
      recording_started_at: new Date('2023-12-31T00:00:00.000Z'),
      last_reading_at: new Date('2024-01-01T00:09:00.000Z'),
      battery: 78,
      firmware: null,
    });
    expect(byStation.get(2)).toMatchObject({ battery: 77, firmware: { version: '1.2', build: 'b1', number: '102' } });
    // Processed twice: the second processing's battery.
    expect(byStation.get(3)).toMatchObject({ last_reading_at: new Date('2024-01-03T00:09:00.000Z'), battery: 75 });
    // Its data uploads were never processed: uploads, but no readings yet.
    expect(byStation.get(5)).toMatchObject({ uploads: 3, recording_started_at: null, last_reading_at: null, battery: null });
    const latestUpload = await db.pool.query<{ at: Date }>('SELECT max(received_at) AS at FROM ingestions WHERE station_id = 4');
    expect(byStation.get(4)!.last_ingestion_at).toEqual(latestUpload.rows[0]!.at);

    const before = await snapshot();
    await rebuildProjection(db.pool, store, sut, log, { batchSize: 1000 });
    expect(await snapshot()).toEqual(before);
  });

  it('ignores an earlier processing of an upload that arrives after a later one', async () => {
    type Processed = { ingestionId: number; version: number };
    const processed = (await allEvents(store)).filter((e) => e.type === 'IngestionProcessed');
    const reprocessed = new Set(processed.filter((e) => (e.data as Processed).version === 2).map((e) => e.streamId));
    const earlier = processed.filter((e) => reprocessed.has(e.streamId) && (e.data as Processed).version === 1);
    // Every third station's data uploads were processed twice, with other errors and another battery.
    expect(earlier).toHaveLength(4);
    await expectIgnored(db.pool, sut, earlier);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
