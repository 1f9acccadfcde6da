import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { IngestionProcessingStatus, ProjectionStatus, Status, UploadState } from '@groundtruth/contracts';
import { can, type Actor } from '@groundtruth/domain';
import {
  APP_CONFIG,
  CLICKHOUSE,
  EVENT_STORE,
  INGESTION_PROCESS,
  PG_POOL,
  positionToString,
  readCheckpoints,
  type AppConfig,
  type ClickHouse,
  type EventStore,
  type PgPool,
} from '@groundtruth/platform';
import { UploadStates } from '../ingestion/index.js';
import { ReadModels } from '../read-models/read-models.js';
import { stationAccessColumnsSql, toStationResource, type StationAccessRow } from '../access/index.js';

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const LAG_CAP = 1_000_000;

type SharedStatus = { postgres: boolean; eventStore: boolean; clickhouse: boolean; projections: ProjectionStatus[] };
const UNFINISHED_SHOWN = 20;
/** An append open longer than this is reported as holding the projections back. */
const OPEN_APPEND_REPORT_MS = 5_000;

const packageVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0';
  }
};

const gitHash = (configured: string): string => {
  if (configured) return configured;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
};

@Injectable()
export class StatusService {
  private readonly identity: Pick<Status, 'serverName' | 'tag' | 'name' | 'git'>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly uploads: UploadStates,
    private readonly readModels: ReadModels,
  ) {
    this.identity = {
      serverName: config.serverName,
      tag: config.tag,
      name: `groundtruth ${packageVersion()}`,
      git: { hash: gitHash(config.gitHash) },
    };
  }

  /** What the asker may see: every upload's counts, and the unfinished ones only of stations they may read. */
  async status(actor: Actor): Promise<Status> {
    const { postgres, eventStore, clickhouse, projections } = await this.shared();
    const ingestions = postgres && eventStore ? await this.ingestions(actor) : null;
    return {
      ...this.identity,
      healthy: postgres && eventStore && clickhouse,
      stores: { postgres, clickhouse, eventStore },
      projections,
      ingestions,
    };
  }

  /** The part of a status answer that is the same for every asker, while it is being read. */
  private sharedNow: Promise<SharedStatus> | null = null;

  /**
   * The stores' probes and the projections' positions, read once for all the status calls that arrive
   * while one read is under way (a crowd on the status page asked each projection's lag once per
   * call: dozens of queries each, and probes that timed out behind them answered 503). Never kept
   * after it settles: a call that starts later reads afresh, so no answer is older than its request.
   */
  private shared(): Promise<SharedStatus> {
    this.sharedNow ??= this.readShared().finally(() => {
      this.sharedNow = null;
    });
    return this.sharedNow;
  }

  private async readShared(): Promise<SharedStatus> {
    const { pool, store } = this;
    const [postgres, eventStore, clickhouse] = await Promise.all([
      withTimeout(pool.query('SELECT 1'), 2000).then(
        () => true,
        () => false,
      ),
      withTimeout(store.ping(), 2000).then(
        () => true,
        () => false,
      ),
      withTimeout(this.clickhouse.ping(), 2000).catch(() => false),
    ]);
    const projections = postgres && eventStore ? await this.projections() : [];
    return { postgres, eventStore, clickhouse, projections };
  }

  /** Each projection's position, lag, state and the error that stopped one (also the console's Projections). */
  async projections(): Promise<ProjectionStatus[]> {
    const { pool, store } = this;
    const [rows, open] = await Promise.all([readCheckpoints(pool), store.openAppends(OPEN_APPEND_REPORT_MS)]);
    const heldBackBy = open.map((a) => ({
      transactionId: a.transactionId,
      openForSeconds: Math.round(a.openForMs / 100) / 10,
      application: a.application,
    }));
    const now = Date.now();
    return Promise.all(
      rows.map(async (r) => {
        const progress = await store.progressAfter(r.position, LAG_CAP);
        return {
          name: r.name,
          state: r.state,
          checkpoint: r.position ? positionToString(r.position) : null,
          lag: progress.events,
          lagSeconds: progress.oldestAt ? Math.max(0, Math.round((now - progress.oldestAt.getTime()) / 100) / 10) : 0,
          heldBackBy: r.state === 'running' ? heldBackBy : [],
          updatedAt: r.updatedAt.toISOString(),
          error: r.error,
        };
      }),
    );
  }

  /** The ingestion process manager's progress, and the uploads it has not finished. */
  private async ingestions(actor: Actor): Promise<IngestionProcessingStatus> {
    const r = await this.pool.query<{ commit_pos: string | null; prepare_pos: string | null }>(
      'SELECT commit_pos, prepare_pos FROM gt_process_checkpoints WHERE name = $1',
      [INGESTION_PROCESS],
    );
    const row = r.rows[0];
    const position =
      row?.commit_pos != null && row.prepare_pos != null
        ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) }
        : null;
    const [progress, { counts, uploads }] = await Promise.all([
      this.store.progressAfter(position, LAG_CAP),
      this.uploads.unfinished(UNFINISHED_SHOWN),
    ]);
    return {
      checkpoint: position ? positionToString(position) : null,
      lag: progress.events,
      ...counts,
      unfinished: await this.readableBy(actor, uploads),
    };
  }

  /**
   * The uploads of stations the asker may read (the policy's `station.read`, in one query): an
   * upload's id, type, counts and time range tell about a private station's data.
   */
  private async readableBy(actor: Actor, uploads: UploadState[]): Promise<UploadState[]> {
    if (uploads.length === 0) return uploads;
    const stationIds = [...new Set(uploads.map((u) => u.stationId))];
    const rows = await this.readModels.rows<StationAccessRow & { id: string }>(
      `SELECT s.id, s.owner_id, ${stationAccessColumnsSql('s', 1)} FROM stations s WHERE s.id = ANY($2::bigint[])`,
      [actor.kind === 'user' ? actor.userId : null, stationIds],
    );
    const readable = new Set(
      rows.filter((row) => can(actor, 'station.read', toStationResource(row, actor))).map((row) => Number(row.id)),
    );
    return uploads.filter((u) => readable.has(u.stationId));
  }
}
