import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';
import { migrateClickHouse, openClickHouse, ReadingBatch, type ClickHouse } from '@groundtruth/platform';
import { ReadingsWriter } from './readings-writer.js';

/**
 * Embedded chDB runs one statement at a time: a query issued while a large upload is written waits
 * for the insert in progress. The writer inserts in slices so that the wait is one slice, not the
 * whole upload (issue 15, item 3: the API stays responsive during big loads).
 */
describe('ReadingsWriter in embedded mode (chDB)', () => {
  const READINGS = 600_000;
  let dataDir: string;
  let ch: ClickHouse;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gt-readings-writer-'));
    ch = await openClickHouse({ dataDir });
    await migrateClickHouse(ch);
  });

  afterAll(async () => {
    await ch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bigBatch = () => {
    const batch = new ReadingBatch(READINGS);
    const t0 = Date.parse('2025-01-01T00:00:00Z');
    for (let i = 0; i < READINGS; i++) batch.push(1, 1 + (i % 2), t0 + Math.floor(i / 2) * 60_000, i % 97);
    return batch;
  };

  /**
   * Writes the batch and, `waitMs` after the first insert was handed to the client, asks what a chart
   * asks of an aggregate level (a `SELECT 1` touches no table, and chDB may answer it beside an insert).
   * Answers whether the query was issued before the last insert statement ended, whether it came
   * back before that statement ended, and the rows stored. The insert statements are timed, not the
   * whole write: the write also removes its file afterwards, and a query that waited for the one
   * insert could otherwise come back in the same instant as the write and be counted either way.
   */
  const queryDuringWrite = async (stationId: number, sliceRows: number, waitMs = 100) => {
    let firstInsert: () => void = () => undefined;
    const inserting = new Promise<void>((resolve) => (firstInsert = resolve));
    const order: string[] = [];
    // The real client, watched: every command it is given is an insert of the write.
    const client = new Proxy(ch.client, {
      get(target, key, receiver) {
        const member = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'command' || typeof member !== 'function') return member;
        return async (...args: unknown[]) => {
          firstInsert();
          const answer = await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          order.push('insert');
          return answer;
        };
      },
    }) as ClickHouseClient;
    const writer = new ReadingsWriter({ ...ch, client }, { dataDir });
    writer.sliceRows = sliceRows;
    let written = false;
    const write = writer.write({ stationId, ingestionId: 1, version: 1 }, bigBatch()).then(() => (written = true));
    await inserting;
    // Meant to be long enough for the insert to reach the engine, and far shorter than the whole write.
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const issuedAfter = order.length;
    const issuedDuringWrite = !written;
    const query = ch.client
      .query({ query: 'SELECT count() FROM readings_1d', format: 'JSONEachRow' })
      .then((r) => r.json())
      .then(() => order.push('query'));
    await Promise.all([write, query]);
    const inserts = order.filter((step) => step === 'insert').length;
    const stored = await ch.client.query({
      query: `SELECT count() AS n FROM readings FINAL WHERE station_id = {station:UInt32}`,
      query_params: { station: stationId },
      format: 'JSONEachRow',
    });
    const [row] = await stored.json<{ n: string }>();
    return {
      issuedDuringWrite: issuedDuringWrite && issuedAfter < inserts,
      queryFirst: order.indexOf('query') < order.lastIndexOf('insert'),
      stored: Number(row?.n),
    };
  };

  it('a query issued while a large upload is written answers before the write ends, and every reading is stored', async () => {
    const result = await queryDuringWrite(1, 50_000);
    expect(result).toEqual({ issuedDuringWrite: true, queryFirst: true, stored: READINGS });
  }, 120_000);

  /**
   * On a busy machine the one insert may not have reached the engine 100 ms after it was handed to
   * the client (CI saw the query go first): the query is then asked later, as long as the write has
   * not ended by then. A try whose query was issued after the write proves nothing and does not count.
   */
  it('control: written in one insert, the same query waits for the whole write', async () => {
    const tries = [];
    for (const [i, waitMs] of [100, 400, 1000].entries()) {
      const result = await queryDuringWrite(2 + i, Number.POSITIVE_INFINITY, waitMs);
      expect(result.stored).toBe(READINGS);
      tries.push(result);
      if (result.issuedDuringWrite && !result.queryFirst) break;
    }
    expect(tries).toContainEqual({ issuedDuringWrite: true, queryFirst: false, stored: READINGS });
  }, 180_000);
});
