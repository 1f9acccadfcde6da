import path from 'node:path';
import { createUpcasters, type UpcasterRegistry } from '@groundtruth/domain';
import type pg from 'pg';
import type { Logger } from 'pino';
import { LocalBlobStore } from '../blobs/local-blob-store.js';
import { S3BlobStore } from '../blobs/s3-blob-store.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { openClickHouse, type ClickHouse } from '../clickhouse/clickhouse.client.js';
import { migrateClickHouse } from '../clickhouse/clickhouse.migrator.js';
import type { AppConfig } from '../config/config.js';
import type { EventStore } from '../event-store/event-store.port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../postgres/embedded-postgres.js';
import { IdAllocator } from '../postgres/ids.js';
import { migratePostgres } from '../postgres/migrations.js';
import { openPool } from '../postgres/postgres.js';
import { SealingEventStore } from '../personal-data/sealing-event-store.js';
import { SubjectKeyStore } from '../personal-data/subject-keys.js';

/** Every store the product talks to, opened once per process and shared by api and projector. */
export type Runtime = {
  readonly config: AppConfig;
  readonly log: Logger;
  readonly pool: pg.Pool;
  /** Connection string of `pool` (for LISTEN connections). */
  readonly databaseUrl: string;
  /** The log, with personal data sealed on append and opened on read (see SealingEventStore). */
  readonly store: EventStore;
  /** Per-person keys of the personal data in the log; destroying one erases that person. */
  readonly keys: SubjectKeyStore;
  readonly clickhouse: ClickHouse;
  readonly ids: IdAllocator;
  readonly upcasters: UpcasterRegistry;
  /** Media and raw uploads: a folder under DATA_DIR, or the S3_BUCKET. */
  readonly blobs: BlobStore;
  close(): Promise<void>;
};

export type RuntimeOptions = {
  /** Open ClickHouse (chDB holds a lock on its folder: one process only). Default true. */
  clickhouse?: boolean;
  /** Default: every upcaster of the domain (`createUpcasters`). */
  upcasters?: UpcasterRegistry;
  /** Use the embedded Postgres a running product already started on DATA_DIR (CLI tools). */
  reuseEmbeddedPostgres?: boolean;
};

/** Loaded only when EVENTSTORE_URL is set: the gRPC client is a large tree of modules every process would load. */
const connectEventStoreDb = async (url: string, upcasters: UpcasterRegistry): Promise<EventStore> =>
  (await import('../event-store/eventstoredb-event-store.js')).EventStoreDbEventStore.connect(url, upcasters);

/**
 * Opens Postgres (embedded under DATA_DIR unless DATABASE_URL), the event store (Postgres unless
 * EVENTSTORE_URL) and ClickHouse (chDB under DATA_DIR unless CLICKHOUSE_URL), migrating each.
 * A server named by a variable that does not answer is a startup error naming that variable.
 */
export const openRuntime = async (config: AppConfig, log: Logger, options: RuntimeOptions = {}): Promise<Runtime> => {
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((err) => log.warn({ err }, 'error while closing'));
  };
  try {
    let embedded: EmbeddedPostgresHandle | null = null;
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const started = performance.now();
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
        database: 'groundtruth',
        onLog: (line) => log.debug({ component: 'postgres' }, line),
        reuseRunning: options.reuseEmbeddedPostgres ?? false,
      });
      databaseUrl = embedded.url;
      closers.push(() => embedded!.stop());
      log.info({ ms: Math.round(performance.now() - started), port: config.embeddedPostgresPort }, 'embedded Postgres started');
    }
    const pool = await openPool(databaseUrl, { variable: embedded ? 'embedded Postgres' : 'DATABASE_URL', max: 30 });
    closers.push(() => pool.end());
    const applied = await migratePostgres(pool);
    if (applied.length) log.info({ applied }, 'Postgres migrations applied');

    const upcasters = options.upcasters ?? createUpcasters();
    const eventLog: EventStore = config.eventStoreUrl
      ? await connectEventStoreDb(config.eventStoreUrl, upcasters)
      : new PostgresEventStore(pool, upcasters);
    const keys = new SubjectKeyStore(pool, databaseUrl, (message, err) => log.warn({ err }, message));
    const store = new SealingEventStore(eventLog, keys);
    closers.push(() => store.close());
    await keys.listen();

    let blobs: BlobStore = new LocalBlobStore(config.dataDir);
    if (config.s3) {
      const s3 = await S3BlobStore.open(config.s3);
      closers.push(async () => s3.close());
      blobs = s3;
      log.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint }, 'media and uploads go to S3');
    }

    let clickhouse: ClickHouse | null = null;
    if (options.clickhouse !== false) {
      clickhouse = await openClickHouse({
        url: config.clickHouseUrl ?? undefined,
        dataDir: config.dataDir,
        chartSessions: config.chartSessions,
      });
      closers.push(() => clickhouse!.close());
      const result = await migrateClickHouse(clickhouse);
      log.info({ mode: clickhouse.mode, applied: result.applied.map((m) => m.file) }, 'ClickHouse ready');
    }

    return {
      config,
      log,
      pool,
      databaseUrl,
      store,
      keys,
      get clickhouse(): ClickHouse {
        if (!clickhouse) throw new Error('ClickHouse was not opened in this process');
        return clickhouse;
      },
      ids: new IdAllocator(pool),
      upcasters,
      blobs,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
