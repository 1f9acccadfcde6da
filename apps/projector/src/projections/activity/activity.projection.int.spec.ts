import {
  createLogger,
  decideAndAppend,
  PostgresEventStore,
  ProjectionRunner,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
} from '@groundtruth/platform';
import { ingestionDecider, ingestionStream, type IngestionCommand } from '@groundtruth/domain';
import { appendIngestionHistory } from '../../../../../test/support/ingestion-events.js';
import { appendProjectHistory, appendProjectTeamHistory } from '../../../../../test/support/project-events.js';
import { expectIdempotent } from '../../../../../test/support/projection-checks.js';
import { appendStationHistory } from '../../../../../test/support/station-events.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { activityProjection as sut } from './activity.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

/** A data upload of station 1 that held no record at all: processed, it leaves the feed. */
const EMPTY_UPLOAD = 999_001;

beforeAll(async () => {
  db = await createTestDatabase();
  const keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  await appendProjectHistory(store, { projects: 8, updates: 1 });
  await appendProjectTeamHistory(store, keys, { projects: 8 });
  await appendStationHistory(store, { stations: 6, owners: 3 });
  await appendIngestionHistory(store, { stations: 5 });
  const run = (command: IngestionCommand) =>
    decideAndAppend(store, ingestionDecider, ingestionStream(EMPTY_UPLOAD), command, {
      correlationId: 't',
      causationId: 't',
      userId: 1,
      now: '2026-05-01T00:00:00.000Z',
    });
  await run({
    type: 'ReceiveIngestion',
    data: {
      ingestionId: EMPTY_UPLOAD,
      stationId: 1,
      deviceId: '0000000000000001',
      generation: 'a1b2c3d4',
      type: 'data',
      size: 10,
      blocks: [11, 11],
      contentType: 'application/vnd.fk.data+binary',
      deviceName: null,
      blobKey: 'uploads/1/empty.data',
    },
  });
  await run({
    type: 'RecordIngestionProcessed',
    data: {
      ingestionId: EMPTY_UPLOAD,
      version: 1,
      records: 0,
      readings: 0,
      errors: 0,
      problems: [],
      start: null,
      end: null,
      battery: null,
      location: null,
    },
  });
  expect(await new ProjectionRunner(db.pool, store, sut, log, { batchSize: 9 }).runUntilIdle()).toBe('idle');
}, 60_000);
afterAll(() => db.drop());

type Row = { id: string; kind: string; project_id: string | null; station_id: string | null; details: Record<string, unknown> };
const rows = async (where: string) =>
  (await db.pool.query<Row>(`SELECT id, kind, project_id, station_id, details FROM activity WHERE ${where} ORDER BY id`)).rows;

describe('activity projection', () => {
  it("shows a project's updates as edited, without the deleted ones", async () => {
    // Project 2 posted updates 20 and 21, edited 20 and deleted 21.
    expect(await rows('project_id = 2')).toEqual([
      {
        id: 'project-update-20',
        kind: 'ProjectUpdate',
        project_id: '2',
        station_id: null,
        details: expect.objectContaining({ updateId: 20, body: 'Edited 2', editedAt: expect.any(String) }) as unknown,
      },
    ]);
  });

  it("keeps nothing of a deleted project's updates", async () => {
    // Project 7 was deleted (every seventh of the team history); project 6 was not.
    expect(await rows('project_id = 7')).toEqual([]);
    expect(await rows('project_id = 6')).toHaveLength(1);
  });

  it('has a row per deployment, a station deployed again showing twice', async () => {
    const deployed = await rows(`kind = 'StationDeployed'`);
    const of = (station: string) => deployed.filter((r) => r.station_id === station);
    expect(of('1')).toHaveLength(1);
    // Station 3 was moved and deployed again.
    expect(of('3').map((r) => r.details['locationName'])).toEqual(['Place 3', 'Moved']);
    expect(new Set(deployed.map((r) => r.station_id))).toEqual(new Set(['1', '2', '3', '4', '5', '6']));
  });

  it('lists data uploads with their counts once processed, and not meta uploads or uploads without records', async () => {
    const uploads = await rows(`kind = 'StationIngestion'`);
    // Two data uploads per station (meta uploads are not in the feed), and not the one that held nothing.
    expect(uploads).toHaveLength(10);
    expect(uploads.map((r) => r.details['ingestionId'])).not.toContain(EMPTY_UPLOAD);
    expect(uploads.filter((r) => r.station_id === '1').map((r) => r.details)).toEqual([
      { ingestionId: 1002, processed: true, records: 10, errors: 1 },
      { ingestionId: 1003, processed: true, records: 10, errors: 1 },
    ]);
    // Processed again: the second processing's counts.
    expect(uploads.find((r) => r.details['ingestionId'] === 1008)!.details).toMatchObject({ processed: true, errors: 0 });
    // Station 5's data uploads were never processed.
    expect(uploads.filter((r) => r.station_id === '5').map((r) => r.details['processed'])).toEqual([false, false]);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
