import { AuditHistoryQuery } from '../../libs/contracts/src/index.js';
import { auditedStreamOf } from '../../libs/domain/src/index.js';
import {
  comparePositions,
  inTransaction,
  PostgresEventStore,
  quoteIdent,
  SealingEventStore,
  SubjectKeyStore,
  type LogPosition,
  type Projection,
  type RecordedEvent,
} from '../../libs/platform/src/index.js';
import { projections } from '../../apps/projector/src/projections/index.js';
import { streamHistory } from '../../apps/api/src/audit/queries/audit-replay.js';
import { appendAccountHistory } from '../support/account-events.js';
import { appendIngestionHistory } from '../support/ingestion-events.js';
import { appendLorawanWebhookHistory } from '../support/lorawan-webhook-events.js';
import { appendNoteHistory } from '../support/note-events.js';
import { appendProjectHistory, appendProjectTeamHistory } from '../support/project-events.js';
import { appendStationHistory } from '../support/station-events.js';
import { allEvents } from '../support/projection-checks.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { readModelOf, same } from './audit-states.js';

/**
 * Audit replay against the read models (issue 29): for every aggregate kind with a read model,
 * the state the audit folds (the API's own code path, as a site admin sees it) at a stream's
 * latest event equals the projection's rows, field by field; and the state as of an earlier point
 * of the log equals the projection rebuilt from the log and stopped at that point. The history is
 * generated through the real deciders, at least 1,000 events of every kind.
 */
let db: TestDatabase;
let keys: SubjectKeyStore;
let store: SealingEventStore;
let log: RecordedEvent[];
const MIN_EVENTS_PER_KIND = 1000;

/** Builds `projection` from the log into fresh tables named `<table><suffix>`, up to and including `stopAt` (all of it when null). */
const buildUpTo = async (projection: Projection, suffix: string, stopAt: LogPosition | null) => {
  const table = (name: string) => quoteIdent(`${name}${suffix}`);
  for (const t of projection.tables) {
    await db.pool.query(`DROP TABLE IF EXISTS ${table(t.name)}`);
    await db.pool.query(t.create(table(t.name)));
  }
  const handles = new Set(projection.handles);
  const events = log.filter((e) => handles.has(e.type) && (stopAt === null || comparePositions(e.position, stopAt) <= 0));
  for (let i = 0; i < events.length; i += 2000)
    await inTransaction(db.pool, (client) => projection.apply(events.slice(i, i + 2000), { client, table }));
  return table;
};

const historyAt = async (streamId: string, at: number | undefined) => {
  const named = auditedStreamOf(streamId)!;
  return streamHistory({ store, keys }, streamId, named.stream, AuditHistoryQuery.parse({ at, limit: 1 }), true);
};

beforeAll(async () => {
  db = await createTestDatabase({ max: 8 });
  keys = new SubjectKeyStore(db.pool, db.url);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  await Promise.all([
    appendProjectHistory(store, { projects: 120, updates: 5, concurrency: 4 }).then(() =>
      appendProjectTeamHistory(store, keys, { projects: 40 }),
    ),
    appendStationHistory(store, { stations: 140, owners: 30 }).then(() => appendAccountHistory(store, keys, { users: 420 })),
    appendNoteHistory(store, { stations: 240, firstId: 1_000_000 }),
    // Its days are 2024-01-<station>: batches of 30 stations, told apart by their ingestion ids.
    (async () => {
      for (let batch = 1; batch <= 7; batch += 1) await appendIngestionHistory(store, { stations: 30, firstId: batch });
    })(),
    appendLorawanWebhookHistory(store, { projects: 320 }),
  ]);
  log = await allEvents(store);
}, 600_000);

afterAll(async () => {
  await keys.close();
  await db.drop();
});

const kinds = Object.keys(readModelOf);

it('generates at least 1,000 events of every aggregate kind compared below', () => {
  const counts = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (const e of log) {
    const kind = auditedStreamOf(e.streamId)?.stream.kind;
    if (kind !== undefined && kind in counts) counts[kind]! += 1;
  }
  process.stdout.write(`events per kind: ${JSON.stringify(counts)}\n`);
  expect(Object.entries(counts).filter(([, n]) => n < MIN_EVENTS_PER_KIND)).toEqual([]);
});

describe.each(kinds)('%s streams', (kind) => {
  const { projection: name, compare } = readModelOf[kind]!;
  const projection = () => projections.find((p) => p.name === name)!;
  const streams = () => [...new Set(log.filter((e) => auditedStreamOf(e.streamId)?.stream.kind === kind).map((e) => e.streamId))];

  it('have the read model row field by field at their latest event', async () => {
    const table = await buildUpTo(projection(), '', null);
    const ids = streams();
    expect(ids.length).toBeGreaterThan(0);
    const differ: unknown[] = [];
    for (const streamId of ids) {
      const h = await historyAt(streamId, undefined);
      const { audit, readModel } = await compare(db.pool, table, auditedStreamOf(streamId)!.id, h.state as never);
      if (!same({ audit, readModel })) differ.push({ streamId, audit, readModel });
    }
    expect(differ.slice(0, 3)).toEqual([]);
  }, 300_000);

  it('control: an earlier state against the latest rows differs, so the comparison can fail', async () => {
    const table = await buildUpTo(projection(), '', null);
    let differing = 0;
    for (const streamId of streams().slice(0, 40)) {
      const h = await historyAt(streamId, 0);
      const { audit, readModel } = await compare(db.pool, table, auditedStreamOf(streamId)!.id, h.state as never);
      if (!same({ audit, readModel })) differing += 1;
    }
    expect(differing).toBeGreaterThan(0);
  }, 300_000);

  it('as of an earlier point of the log equal the projection rebuilt and stopped there', async () => {
    const own = log.filter((e) => auditedStreamOf(e.streamId)?.stream.kind === kind);
    // A point in the middle of this kind's events where a stream has begun and changes later
    // (some builders write one stream whole before the next).
    const lastOf = new Map(own.map((e) => [e.streamId, e.revision]));
    const stop = own.slice(Math.floor(own.length / 2)).find((e) => e.revision < lastOf.get(e.streamId)!)!.position;
    const table = await buildUpTo(projection(), '__audit_stop', stop);
    const differ: unknown[] = [];
    let compared = 0;
    let earlier = 0;
    for (const streamId of streams()) {
      const events = own.filter((e) => e.streamId === streamId);
      const before = events.filter((e) => comparePositions(e.position, stop) <= 0);
      if (before.length === 0) continue;
      if (before.length < events.length) earlier += 1;
      const h = await historyAt(streamId, before.length - 1);
      const { audit, readModel } = await compare(db.pool, table, auditedStreamOf(streamId)!.id, h.state as never);
      compared += 1;
      if (!same({ audit, readModel })) differ.push({ streamId, audit, readModel });
    }
    expect(compared).toBeGreaterThan(0);
    // Some streams changed after the stop: their state as of the stop is truly an earlier one.
    expect(earlier).toBeGreaterThan(0);
    expect(differ.slice(0, 3)).toEqual([]);
  }, 300_000);
});
