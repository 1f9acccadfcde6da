import { ingestionDecider, ingestionStream, type IngestionCommand } from '@groundtruth/domain';
import { decideAndAppend, PostgresEventStore, type EventStore, type LogPosition } from '@groundtruth/platform';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { MetaUploads } from './meta-uploads.js';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(() => db.drop());

const meta = { correlationId: 'c', causationId: 'c', userId: null, now: '2026-01-01T00:00:00Z' };
const append = async (ingestionId: number, command: IngestionCommand): Promise<LogPosition> =>
  (await decideAndAppend(store, ingestionDecider, ingestionStream(ingestionId), command, meta)).position!;
const receive = (ingestionId: number, stationId: number, type: 'meta' | 'data', generation = 'g1') =>
  append(ingestionId, {
    type: 'ReceiveIngestion',
    data: {
      ingestionId,
      stationId,
      deviceId: '00',
      generation,
      type,
      size: 1,
      blocks: [1, 1],
      contentType: 'application/vnd.fk.data+binary',
      deviceName: null,
      blobKey: `uploads/${stationId}/${ingestionId}.${type}`,
    },
  });
const processed = (ingestionId: number, records: number, errors: number) =>
  append(ingestionId, {
    type: 'RecordIngestionProcessed',
    data: {
      ingestionId,
      version: 1,
      records,
      readings: 0,
      errors,
      problems: [],
      start: null,
      end: null,
      battery: null,
      location: null,
    },
  });

describe("the process manager's meta upload index", () => {
  it('catches up once from the log to the checkpoint: meta uploads per station and generation, and which were usable', async () => {
    const sut = new MetaUploads(db.pool, store);
    await receive(1, 7, 'meta');
    await receive(2, 7, 'data');
    await receive(3, 7, 'meta', 'g2');
    await receive(4, 8, 'meta');
    await processed(1, 1, 0);
    await processed(3, 1, 1); // nothing readable in it
    const checkpoint = await receive(5, 7, 'meta'); // at the checkpoint: taken in
    await receive(6, 7, 'meta'); // after it: the manager's own reading takes it, not the catch-up

    // Control: before the catch-up the index knows nothing (a log followed before the table existed).
    expect(await sut.of(7, 'g1')).toEqual([]);
    await sut.catchUp(checkpoint);
    expect(await sut.of(7, 'g1')).toEqual(['uploads/7/1.meta', 'uploads/7/5.meta']);
    expect(await sut.of(7, 'g2')).toEqual(['uploads/7/3.meta']);
    expect(await sut.of(8, 'g1')).toEqual(['uploads/8/4.meta']);
    // Upload 3 is later than 1 but held nothing readable; 5 is not processed yet.
    expect(await sut.laterUsable(7, 0)).toBe(true);
    expect(await sut.laterUsable(7, 1)).toBe(false);

    // A second catch-up to the same checkpoint reads nothing again; the outcome recorded by the
    // manager itself counts at once.
    await sut.catchUp(checkpoint);
    await sut.recorded(5, 2, 0);
    expect(await sut.laterUsable(7, 1)).toBe(true);
  });
});
