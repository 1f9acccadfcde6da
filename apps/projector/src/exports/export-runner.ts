import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ExportWriter, type ExportFileFormat, type ExportMeta, type ExportReading } from '@groundtruth/domain';
import {
  APP_CONFIG,
  CLICKHOUSE,
  exportFilePath,
  exportsDir,
  LOGGER,
  PG_POOL,
  type AppConfig,
  type ClickHouse,
  type Logger,
  type PgPool,
} from '@groundtruth/platform';

/** How often an idle runner looks for queued exports (the API also wakes it in the same process). */
const IDLE_MS = 1_000;
/** A running job whose runner has not beaten for this long is taken over (its process stopped). */
export const EXPORT_STALE_MS = 30_000;
/** Progress and heartbeat are written at most this often. */
const PROGRESS_MS = 500;
/** Readings read per ClickHouse query: bounds the memory of a job whatever its size. */
export const EXPORT_CHUNK_ROWS = 200_000;
const ROW_BYTES = 4 * 3 + 8 * 2;
const TWO_32 = 4294967296;

type Job = {
  id: string;
  token: string;
  format: ExportFileFormat;
  query: { stations: number[]; sensors: number[] | null; start: number; end: number; tz: string };
  created_at: Date;
  attempts: number;
};

/**
 * Runs export jobs (DESIGN.md: in the projector). A job is a `gt_exports` row: claimed with SKIP
 * LOCKED (one runner per job across processes), then its readings are read from ClickHouse in
 * keyset-paged chunks of EXPORT_CHUNK_ROWS (station, time, sensor, module order) as RowBinary and
 * written line by line to a file under DATA_DIR/exports, never the whole result in memory. The
 * record keeps state, progress and a heartbeat; after a restart, queued jobs and running ones
 * whose heartbeat stopped are run again from the start (the file is written beside and renamed
 * when whole, so a download never sees half a file).
 */
@Injectable()
export class ExportRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeAgain = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    mkdirSync(exportsDir(this.config.dataDir), { recursive: true });
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** A job was queued: look now. */
  wake(): void {
    if (this.running) this.wakeAgain = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .catch((err: unknown) => this.log.error({ err }, 'export runner failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.wakeAgain ? 0 : IDLE_MS);
          this.wakeAgain = false;
        });
    }, ms);
  }

  private async drain(): Promise<void> {
    for (let job = await this.claim(); job && !this.stopped; job = await this.claim()) await this.run(job);
  }

  private async claim(): Promise<Job | null> {
    const r = await this.pool.query<Job>(
      `UPDATE gt_exports SET state = 'running', started_at = now(), heartbeat_at = now(), attempts = attempts + 1,
              rows = 0, total_rows = NULL, error = NULL
        WHERE id = (SELECT id FROM gt_exports
                     WHERE state = 'queued' OR (state = 'running' AND heartbeat_at < now() - make_interval(secs => $1))
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, token, format, query, created_at, attempts`,
      [EXPORT_STALE_MS / 1000],
    );
    return r.rows[0] ?? null;
  }

  private async run(job: Job): Promise<void> {
    const { dataDir } = this.config;
    const path = exportFilePath(dataDir, job.token, job.format);
    const partial = `${path}.part`;
    try {
      if (job.attempts > 3) throw new Error('Stopped three times while running');
      const rows = await this.write(job, partial);
      renameSync(partial, path);
      await this.pool.query(
        `UPDATE gt_exports SET state = 'done', completed_at = now(), rows = $2, total_rows = $2, size = $3, heartbeat_at = now() WHERE id = $1`,
        [job.id, rows, statSync(path).size],
      );
    } catch (err) {
      rmSync(partial, { force: true });
      this.log.warn({ err, exportId: job.id }, 'export failed');
      await this.pool.query(`UPDATE gt_exports SET state = 'failed', completed_at = now(), error = $2 WHERE id = $1`, [
        job.id,
        err instanceof Error ? err.message.slice(0, 500) : 'failed',
      ]);
    }
  }

  private async write(job: Job, path: string): Promise<number> {
    const q = job.query;
    const names = await this.pool.query<{ id: string; name: string }>(
      'SELECT id, name FROM stations WHERE id = ANY($1::bigint[])',
      [q.stations],
    );
    const byId = new Map(names.rows.map((r) => [Number(r.id), r.name]));
    const meta: ExportMeta = {
      format: job.format,
      stations: q.stations.map((id) => ({ id, name: byId.get(id) ?? '' })),
      sensors: q.sensors,
      start: q.start,
      end: q.end,
      tz: q.tz,
      createdAt: job.created_at.getTime(),
    };
    const writer = new ExportWriter(meta);
    const total = await this.count(q);
    await this.pool.query('UPDATE gt_exports SET total_rows = $2 WHERE id = $1', [job.id, total]);

    const out = createWriteStream(path, { highWaterMark: 1 << 20 });
    const put = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let written = 0;
    let lastBeat = Date.now();
    try {
      await put(writer.head());
      for (const station of q.stations) {
        let after: { time: number; sensor: number; module: number } | null = null;
        for (;;) {
          if (this.stopped) throw new Error('The projector stopped; the export runs again at its next start');
          const chunk = await this.chunk(q, station, after);
          let buffer = '';
          for (const r of chunk) {
            buffer += writer.line(r);
            if (buffer.length > 1 << 16) {
              await put(buffer);
              buffer = '';
            }
          }
          if (buffer) await put(buffer);
          written += chunk.length;
          if (Date.now() - lastBeat > PROGRESS_MS) {
            lastBeat = Date.now();
            await this.pool.query('UPDATE gt_exports SET rows = $2, heartbeat_at = now() WHERE id = $1', [job.id, written]);
          }
          if (chunk.length < EXPORT_CHUNK_ROWS) break;
          const last = chunk[chunk.length - 1]!;
          after = { time: last.time, sensor: last.sensorId, module: last.moduleId };
        }
      }
      out.end();
      await once(out, 'finish');
    } catch (err) {
      out.destroy();
      throw err;
    }
    return written;
  }

  private async count(q: Job['query']): Promise<number> {
    const r = await this.clickhouse.client.query({
      query: `SELECT count() AS n FROM readings FINAL WHERE ${filters(q)}`,
      query_params: params(q),
      format: 'JSONEachRow',
    });
    const [row] = await r.json<{ n: string | number }>();
    return Number(row?.n ?? 0);
  }

  /** One page of a station's readings after `after` (keyset on time, sensor, module), decoded from RowBinary. */
  private async chunk(
    q: Job['query'],
    station: number,
    after: { time: number; sensor: number; module: number } | null,
  ): Promise<ExportReading[]> {
    const result = await this.clickhouse.client.exec({
      query: `SELECT toUInt32(station_id), toUInt32(module_id), toUInt32(sensor_id), toInt64(toUnixTimestamp64Milli(time)), toFloat64(value)
                FROM readings FINAL
               WHERE station_id = {station:UInt32} AND ${filters(q, false)}
                 ${after ? 'AND (toUnixTimestamp64Milli(time), sensor_id, module_id) > ({t:Int64}, {s:UInt32}, {m:UInt32})' : ''}
               ORDER BY time, sensor_id, module_id
               LIMIT ${EXPORT_CHUNK_ROWS} FORMAT RowBinary`,
      query_params: { ...params(q), station, t: after?.time ?? 0, s: after?.sensor ?? 0, m: after?.module ?? 0 },
    });
    const parts: Buffer[] = [];
    for await (const part of result.stream) parts.push(part as Buffer);
    const bytes = Buffer.concat(parts);
    if (bytes.length % ROW_BYTES !== 0) throw new Error(`RowBinary answer of ${bytes.length} bytes is not whole rows`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = new Array<ExportReading>(bytes.length / ROW_BYTES);
    for (let i = 0, at = 0; at < bytes.length; i++, at += ROW_BYTES) {
      out[i] = {
        stationId: view.getUint32(at, true),
        moduleId: view.getUint32(at + 4, true),
        sensorId: view.getUint32(at + 8, true),
        time: view.getInt32(at + 16, true) * TWO_32 + view.getUint32(at + 12, true),
        value: view.getFloat64(at + 20, true),
      };
    }
    return out;
  }
}

const filters = (q: Job['query'], stations = true): string =>
  [
    stations ? 'station_id IN {stations:Array(UInt32)}' : null,
    q.sensors && q.sensors.length > 0 ? 'sensor_id IN {sensors:Array(UInt32)}' : null,
    "time >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND time < fromUnixTimestamp64Milli({to:Int64}, 'UTC')",
  ]
    .filter((x) => x !== null)
    .join(' AND ');

const params = (q: Job['query']) => ({ stations: q.stations, sensors: q.sensors ?? [], from: q.start, to: q.end });
