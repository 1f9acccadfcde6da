import type pg from 'pg';
import {
  createLogger,
  inTransaction,
  PostgresEventStore,
  ProjectionRunner,
  quoteIdent,
  rebuildProjection,
  type EventStore,
  type Projection,
  type RecordedEvent,
} from '../../libs/platform/src/index.js';
import { readModelSnapshot } from './read-models.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const log = createLogger('silent');

/** Every event of the log, in log order. */
export const allEvents = async (store: EventStore): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  for (let after = null as Parameters<EventStore['readAll']>[0]['after']; ;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) return out;
    out.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
};

/** `store` as a rebuild reads it with every event delivered twice in a row: what a redelivery would do. */
export const everyEventTwice = (store: EventStore): EventStore =>
  new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'readAll') return Reflect.get(target, prop, receiver) as unknown;
      return async (options: Parameters<EventStore['readAll']>[0]) => (await target.readAll(options)).flatMap((e) => [e, e]);
    },
  });

/** Hands `events` to the projection's `apply` on its live tables, in one transaction, as a batch the runner delivers. */
export const applyToLiveTables = (pool: pg.Pool, projection: Projection, events: readonly RecordedEvent[]) =>
  inTransaction(pool, (client) =>
    projection.apply(events, {
      client,
      table: (name) => {
        if (!projection.tables.some((t) => t.name === name)) throw new Error(`${projection.name} has no table ${name}`);
        return quoteIdent(name);
      },
    }),
  );

/**
 * What idempotence means for a projection whose live tables are built from the whole of `store`'s
 * log: a rebuild that sees every event twice in a row comes out equal, and the log's events it
 * handles, handed to `apply` once more on top of what it built (a batch replayed after a crash, at
 * its largest), change nothing. The read model compared must not be empty (nothing against nothing
 * proves nothing).
 */
export const expectIdempotent = async (pool: pg.Pool, store: EventStore, projection: Projection) => {
  const built = await readModelSnapshot(pool, projection);
  expect(Object.values(built).flat().length).toBeGreaterThan(0);

  await rebuildProjection(pool, everyEventTwice(store), projection, log, { batchSize: 40 });
  expect({ twice: await readModelSnapshot(pool, projection) }).toEqual({ twice: built });

  const handles = new Set(projection.handles);
  await applyToLiveTables(
    pool,
    projection,
    (await allEvents(store)).filter((e) => handles.has(e.type)),
  );
  expect({ again: await readModelSnapshot(pool, projection) }).toEqual({ again: built });
};

/**
 * `events` (of types the projection handles: `apply` gets no others) handed to `apply` change
 * nothing in its tables: for events it must ignore, such as a later event of a stream it never saw
 * begin.
 */
export const expectIgnored = async (pool: pg.Pool, projection: Projection, events: readonly RecordedEvent[]) => {
  const handles = new Set(projection.handles);
  expect(events.filter((e) => !handles.has(e.type))).toEqual([]);
  const before = await readModelSnapshot(pool, projection);
  expect(Object.values(before).flat().length).toBeGreaterThan(0);
  await applyToLiveTables(pool, projection, events);
  expect(await readModelSnapshot(pool, projection)).toEqual(before);
};

/** A copy of `event` with other data: an event of the same type about something else. */
export const withData = (event: RecordedEvent, data: Record<string, unknown>, streamId = event.streamId): RecordedEvent => ({
  ...event,
  streamId,
  data: { ...(event.data as Record<string, unknown>), ...data },
});

/** A projection spec's world: a fresh database, its event store, and the tables the projections built. */
export type ProjectedHistory = {
  readonly db: TestDatabase;
  readonly store: EventStore;
  rows<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
};

/**
 * The set-up every projection spec repeats: before all its tests, a fresh database whose log holds
 * `history`, run through `projections` until idle; dropped after. Read `db` and `store` inside tests.
 */
export const projectedHistory = (setup: {
  readonly history: (store: EventStore, db: TestDatabase) => Promise<void>;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  /** The store over the database (a sealing one for personal data); a plain Postgres store by default. */
  readonly store?: (db: TestDatabase) => EventStore;
  readonly timeoutMs?: number;
}): ProjectedHistory => {
  let db: TestDatabase | null = null;
  let store: EventStore | null = null;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = setup.store ? setup.store(db) : new PostgresEventStore(db.pool);
    await setup.history(store, db);
    for (const projection of setup.projections) {
      const options = setup.batchSize ? { batchSize: setup.batchSize } : {};
      expect(await new ProjectionRunner(db.pool, store, projection, log, options).runUntilIdle()).toBe('idle');
    }
  }, setup.timeoutMs ?? 60_000);
  afterAll(async () => db?.drop());
  const world: ProjectedHistory = {
    get db() {
      if (!db) throw new Error('projectedHistory: read db inside a test');
      return db;
    },
    get store() {
      if (!store) throw new Error('projectedHistory: read store inside a test');
      return store;
    },
    rows: async <R>(sql: string, params: readonly unknown[] = []) => (await world.db.pool.query(sql, [...params])).rows as R[],
  };
  return world;
};
