import type { ClickHouseClient } from '@clickhouse/client';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import {
  APP_CONFIG,
  CLICKHOUSE,
  READING_ROW_BYTES,
  READING_ROW_STRUCTURE,
  type AppConfig,
  type ClickHouse,
  type ReadingBatch,
} from '@groundtruth/platform';
import { AGGREGATE_LEVELS } from '@groundtruth/domain';
import { LEVEL_ROW_BYTES, LEVEL_ROW_STRUCTURE, type LevelRows } from './batch-aggregates.js';

/** Whose readings a batch holds. */
export type ReadingsTarget = { readonly stationId: number; readonly ingestionId: number; readonly version: number };

/**
 * Rows per insert in embedded mode. chDB runs one statement at a time, so every other query
 * (a chart, the status page) waits for the insert in progress: a 1 M-reading upload written in one
 * insert held a `SELECT 1` for over a second. Written in slices, the wait is one slice. Chosen when
 * `readings` still had its four aggregate views (50,000 rows about 55 ms an insert, with no loss of
 * throughput for one upload; 20,000 rows lost 40 % of it). Without them (005) an insert of 50,000
 * rows into `readings` alone takes 12–19 ms here, so the slice no longer dominates a chart's wait:
 * the aggregate build after the insert does (SensorAggregates).
 */
export const EMBEDDED_WRITE_SLICE_ROWS = 50_000;

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Writes batches of readings to ClickHouse `readings` (the table alone: the aggregates are built
 * after the write, see ExactReadingsWrite) as
 * RowBinary: the engine reads the bytes as they are, with no text to parse. A server (HTTP) gets
 * them as the body of `INSERT … SELECT … FROM input()`; embedded chDB, which takes no binary body,
 * reads them from a file under DATA_DIR/tmp with `file()`, removed afterwards, in slices of
 * `sliceRows`; before each next slice the calls sent to the engine meanwhile are let through
 * (`othersFirst`), so a chart waits for one slice at most. Both add the station, ingestion and
 * version to each row in the engine, so they cross only once per write. A write stopped between
 * slices is written again whole by its next try, whose rows replace these (ReplacingMergeTree),
 * and its days' aggregates are rebuilt (ExactReadingsWrite).
 */
@Injectable()
export class ReadingsWriter {
  private readonly client: ClickHouseClient;
  private readonly othersFirst: () => Promise<void>;
  private readonly embedded: boolean;
  private readonly tmpDir: string;
  /** Rows per insert in embedded mode (EMBEDDED_WRITE_SLICE_ROWS; a test may change it). */
  sliceRows = EMBEDDED_WRITE_SLICE_ROWS;

  constructor(
    @Inject(CLICKHOUSE) clickhouse: Pick<ClickHouse, 'client' | 'mode' | 'othersFirst'>,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'dataDir'>,
  ) {
    this.client = clickhouse.client;
    this.othersFirst = () => clickhouse.othersFirst();
    this.embedded = clickhouse.mode === 'chdb';
    this.tmpDir = resolve(config.dataDir, 'tmp');
  }

  async write(target: ReadingsTarget, batch: ReadingBatch): Promise<void> {
    for (const n of [target.stationId, target.ingestionId, target.version]) {
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row identifier: ${n}`);
    }
    await this.insert(
      (source) =>
        `INSERT INTO readings (station_id, module_id, sensor_id, time, value, ingestion_id, version)
         SELECT ${target.stationId}, module_id, sensor_id, fromUnixTimestamp64Milli(time_ms, 'UTC'), value,
                ${target.ingestionId}, ${target.version}
           FROM ${source}`,
      READING_ROW_STRUCTURE,
      batch.bytes(),
      READING_ROW_BYTES,
      this.sliceRows,
    );
  }

  /**
   * Adds aggregate rows made outside the engine (batchAggregates) to their levels, as the engine's
   * builds would have inserted them: the caller knows them to be what those builds would make.
   * Embedded, in slices of as many bytes as a slice of readings: 50,000 rows into `readings_10m`
   * (64 bytes a row, an aggregating table) took up to 56–97 ms an insert, against 30–43 ms for
   * 50,000 readings (a station-year's write, measured alone).
   */
  async writeLevels(stationId: number, levels: readonly LevelRows[]): Promise<void> {
    if (!Number.isSafeInteger(stationId) || stationId < 0) throw new Error(`Not a station id: ${stationId}`);
    for (const { level, rows, count } of levels) {
      if (!AGGREGATE_LEVELS.some((l) => l.name === level)) throw new Error(`Not an aggregate level: ${level}`);
      await this.insert(
        (source) =>
          `INSERT INTO readings_${level} (station_id, sensor_id, module_id, bucket, value_min, value_max, value_sum, value_count, value_last)
           SELECT ${stationId}, sensor_id, module_id, fromUnixTimestamp64Milli(bucket_ms, 'UTC'), vmin, vmax, vsum, n,
                  (fromUnixTimestamp64Milli(last_ms, 'UTC'), vlast)
             FROM ${source}`,
        LEVEL_ROW_STRUCTURE,
        new Uint8Array(rows, 0, count * LEVEL_ROW_BYTES),
        LEVEL_ROW_BYTES,
        (this.sliceRows * READING_ROW_BYTES) / LEVEL_ROW_BYTES,
      );
    }
  }

  /** Inserts RowBinary rows with `select(source)`: in one body to a server, in slices of `sliceRows` rows in files to chDB. */
  private async insert(
    select: (source: string) => string,
    structure: string,
    rows: Uint8Array,
    rowBytes: number,
    sliceRows: number,
  ): Promise<void> {
    if (rows.byteLength === 0) return;
    if (!this.embedded) {
      await this.client.exec({
        query: `${select(`input(${quote(structure)})`)} FORMAT RowBinary`,
        values: Readable.from([Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength)]),
      });
      return;
    }
    await mkdir(this.tmpDir, { recursive: true });
    const sliceBytes = Math.max(1, Math.floor(sliceRows)) * rowBytes;
    for (let at = 0; at < rows.length; at += sliceBytes) {
      // Whatever was asked of the engine during the last slice goes before the next one.
      if (at > 0) await this.othersFirst();
      const path = join(this.tmpDir, `rows-${randomUUID()}.bin`);
      try {
        await writeFile(path, rows.subarray(at, Math.min(rows.length, at + sliceBytes)));
        await this.client.command({ query: select(`file(${quote(path)}, 'RowBinary', ${quote(structure)})`) });
      } finally {
        await rm(path, { force: true });
      }
    }
  }
}
