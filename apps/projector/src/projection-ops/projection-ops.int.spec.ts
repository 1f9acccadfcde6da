import {
  projectionOpsDecider,
  projectionStream,
  stationDecider,
  stationStream,
  type ProjectionCommand,
} from '@groundtruth/domain';
import {
  createLogger,
  decideAndAppend,
  listFailures,
  PostgresEventStore,
  ProjectionRunner,
  readCheckpoints,
  type AppConfig,
  type EventStore,
} from '@groundtruth/platform';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { appendStationHistory } from '../../../../test/support/station-events.js';
import { readModelSnapshot } from '../../../../test/support/read-models.js';
import type { ProjectorService } from '../projector.service.js';
import { stationsProjection } from '../projections/index.js';
import { ProjectionOps } from './projection-ops.js';

const log = createLogger('silent');
const ADMIN = 42;
let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
let ops: ProjectionOps;
let clock = Date.UTC(2026, 5, 1);
const meta = (userId: number) => {
  clock += 1000;
  return { correlationId: `c-${clock}`, causationId: `c-${clock}`, userId, now: new Date(clock).toISOString() };
};

const until = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const rename = (stationId: number, name: string) =>
  decideAndAppend(
    store,
    stationDecider,
    stationStream(stationId),
    { type: 'UpdateStation', data: { stationId, details: { name } } },
    meta(1 + (stationId % 3)),
  );
const nameOf = async (stationId: number) =>
  (await db.pool.query<{ name: string }>('SELECT name FROM stations WHERE id = $1', [stationId])).rows[0]?.name;
const stateOf = async () => (await readCheckpoints(db.pool)).find((c) => c.name === 'stations')!;
const openFailures = async () =>
  (await listFailures(db.pool, { projection: 'stations', open: true }, { offset: 0, limit: 10 })).rows;
const facts = async (eventId?: string) => {
  const f = eventId
    ? (await listFailures(db.pool, { projection: 'stations' }, { offset: 0, limit: 50 })).rows.find((x) => x.eventId === eventId)
    : null;
  return {
    projections: ['stations'],
    failure: f ? { eventId: f.eventId, projection: f.projection, resolution: f.resolution } : null,
  };
};
/** The console's command, as the API records it: an event on the projection's stream with the admin as actor. */
const request = (projection: string, command: ProjectionCommand) =>
  decideAndAppend(store, projectionOpsDecider, projectionStream(projection), command, meta(ADMIN));

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  await appendStationHistory(store, { stations: 8, owners: 3 });
  runner = new ProjectionRunner(db.pool, store, stationsProjection, log, { idleMs: 50 });
  expect(await runner.runUntilIdle()).toBe('idle');
  // The projector's runners, as ProjectorService holds them (only this one here).
  const projector = { runners: [runner] } as unknown as ProjectorService;
  ops = new ProjectionOps(store, db.pool, { projectorPollMs: 1000 } as AppConfig, log, projector);
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await db.drop();
});

describe('projection operations (the console: retry, skip, rebuild)', () => {
  it('records a failing event with its error, and a retry after its cause is fixed applies it, with the admin as actor', async () => {
    // A real cause: a constraint on the read model that the event's row breaks.
    await db.pool.query(`ALTER TABLE stations ADD CONSTRAINT stations_no_poison CHECK (name <> 'Poison')`);
    await rename(2, 'Poison');
    expect(await runner.runUntilIdle()).toBe('failed');
    const [failure] = await openFailures();
    expect(failure).toMatchObject({ projection: 'stations', streamId: stationStream(2), attempts: 1, resolution: null });
    expect(failure!.error).toContain('stations_no_poison');
    expect((await stateOf()).failedEventId).toBe(failure!.eventId);

    // Retried before the cause is fixed: it fails again, and the failure is open again with a second attempt.
    await request('stations', {
      type: 'RetryFailedEvent',
      data: { projection: 'stations', eventId: failure!.eventId, facts: await facts(failure!.eventId) },
    });
    expect(await ops.step()).toBe(true);
    await until('the second attempt', async () => (await openFailures())[0]?.attempts === 2);
    expect(await nameOf(2)).not.toBe('Poison');

    // The cause fixed, retried again: applied, the failure answered by the admin, the projection running.
    await db.pool.query('ALTER TABLE stations DROP CONSTRAINT stations_no_poison');
    await request('stations', {
      type: 'RetryFailedEvent',
      data: { projection: 'stations', eventId: failure!.eventId, facts: await facts(failure!.eventId) },
    });
    expect(await ops.step()).toBe(true);
    await until('the retried event applied', async () => (await nameOf(2)) === 'Poison');
    expect((await stateOf()).state).toBe('running');
    const answered = (await listFailures(db.pool, { projection: 'stations' }, { offset: 0, limit: 10 })).rows[0]!;
    expect(answered).toMatchObject({ resolution: 'retried', resolvedBy: ADMIN });
    // The audit history: each request is an event on projection-stations with its actor.
    const recorded = await store.readStream(projectionStream('stations'));
    expect(recorded.map((e) => [e.type, e.metadata.userId])).toEqual([
      ['ProjectionEventRetryRequested', ADMIN],
      ['ProjectionEventRetryRequested', ADMIN],
    ]);
    // Answered failures are not answered twice (the decider refuses).
    await expect(
      request('stations', {
        type: 'SkipFailedEvent',
        data: { projection: 'stations', eventId: failure!.eventId, facts: await facts(failure!.eventId) },
      }),
    ).rejects.toMatchObject({ code: 'PROJECTION.FAILURE_ANSWERED' });
  });

  it('skips a failing event: the projection moves past it, later events apply, and a rebuild leaves it out too', async () => {
    await db.pool.query(`ALTER TABLE stations ADD CONSTRAINT stations_no_skipped CHECK (name <> 'Skipped')`);
    const before = await nameOf(3);
    await rename(3, 'Skipped');
    await until('the projection stopped', async () => (await stateOf()).state === 'failed');
    const [failure] = await openFailures();
    expect(failure!.streamId).toBe(stationStream(3));
    await db.pool.query('ALTER TABLE stations DROP CONSTRAINT stations_no_skipped');
    await request('stations', {
      type: 'SkipFailedEvent',
      data: { projection: 'stations', eventId: failure!.eventId, facts: await facts(failure!.eventId) },
    });
    expect(await ops.step()).toBe(true);
    await rename(4, 'After the skip');
    await until('the next event applied', async () => (await nameOf(4)) === 'After the skip');
    expect(await nameOf(3)).toBe(before);
    expect((await stateOf()).state).toBe('running');
    expect((await listFailures(db.pool, { ids: [failure!.id] }, { offset: 0, limit: 1 })).rows[0]).toMatchObject({
      resolution: 'skipped',
      resolvedBy: ADMIN,
    });

    // A rebuild replays the whole log but keeps the operator's skip.
    await request('stations', { type: 'RebuildProjection', data: { projection: 'stations', facts: await facts() } });
    expect(await ops.step()).toBe(true);
    expect(await nameOf(3)).toBe(before);
    expect(await nameOf(4)).toBe('After the skip');
  });

  it('rebuilds into fresh tables swapped in, equal to the model before, with its progress recorded to the swap', async () => {
    await until('caught up', async () => (await store.progressAfter((await stateOf()).position, 10)).events === 0);
    const oid = async () => (await db.pool.query<{ oid: number }>(`SELECT 'stations'::regclass::oid AS oid`)).rows[0]!.oid;
    const built = await readModelSnapshot(db.pool, stationsProjection);
    expect(built.stations!.length).toBe(8);
    const table = await oid();

    const { events } = await request('stations', {
      type: 'RebuildProjection',
      data: { projection: 'stations', facts: await facts() },
    });
    expect(events).toHaveLength(1);
    expect(await ops.step()).toBe(true);
    expect(await oid()).not.toBe(table);
    expect(await readModelSnapshot(db.pool, stationsProjection)).toEqual(built);
    const row = (
      await db.pool.query<{
        state: string;
        events_done: string;
        events_total: string;
        requested_by: string;
        finished_at: Date | null;
      }>(`SELECT * FROM gt_projection_rebuilds WHERE projection = 'stations' ORDER BY id DESC LIMIT 1`)
    ).rows[0]!;
    expect(row.state).toBe('swapped');
    expect(Number(row.requested_by)).toBe(ADMIN);
    expect(Number(row.events_done)).toBeGreaterThan(0);
    expect(Number(row.events_done)).toBe(Number(row.events_total));
    expect(row.finished_at).not.toBeNull();

    // Control: the comparison sees one changed row, and a rebuild of all puts it right.
    await db.pool.query(`UPDATE stations SET description = 'tampered' WHERE id = 5`);
    expect(await readModelSnapshot(db.pool, stationsProjection)).not.toEqual(built);
    await request('all', { type: 'RebuildProjection', data: { projection: 'all', facts: await facts() } });
    expect(await ops.step()).toBe(true);
    expect(await readModelSnapshot(db.pool, stationsProjection)).toEqual(built);
  });

  it('refuses an unknown projection and a failure that is not recorded', async () => {
    await expect(
      request('nothing', { type: 'RebuildProjection', data: { projection: 'nothing', facts: await facts() } }),
    ).rejects.toMatchObject({ code: 'PROJECTION.NOT_FOUND' });
    await expect(
      request('stations', {
        type: 'RetryFailedEvent',
        data: { projection: 'stations', eventId: '00000000-0000-4000-8000-000000000000', facts: await facts() },
      }),
    ).rejects.toMatchObject({ code: 'PROJECTION.FAILURE_NOT_FOUND' });
  });
});
