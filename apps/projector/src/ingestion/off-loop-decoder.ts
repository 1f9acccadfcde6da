import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ReadingBatch, readingsOfBytes, type ModuleInfo, type StationModuleRef } from '@groundtruth/platform';
import type { LevelRows } from './readings/batch-aggregates.js';

type Context = { readonly stationId: number; readonly ingestionId: number; readonly version: number; readonly nowMs: number };

export type DecodeJob = {
  readonly id: number;
  readonly bytes: ArrayBuffer;
  readonly metas: ReadonlyMap<number, readonly ModuleInfo[]>;
  readonly stationModules: readonly StationModuleRef[];
  readonly context: Context;
};

type Summary = {
  records: number;
  errors: number;
  problems: string[];
  start: number | null;
  end: number | null;
  battery: number | null;
  location: { longitude: number; latitude: number } | null;
};

export type DecodeReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly rows: ArrayBuffer;
      /** The rows' aggregate levels (batchAggregates), made in the worker. */
      readonly aggregates: readonly LevelRows[] | null;
      readonly count: number;
      readonly start: number | null;
      readonly end: number | null;
      readonly summary: Summary;
    }
  | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * A data file read: its summary, and its readings with repeats already dropped; with their aggregate
 * levels when read off the loop (else the write makes them if it needs them).
 */
export type DecodedData = Summary & { readonly batch: ReadingBatch; readonly aggregates?: readonly LevelRows[] | null };

/** The worker's code: only the built app has it as JavaScript (tests run the TypeScript in-process). */
const WORKER_FILE = fileURLToPath(new URL('./decode-worker.js', import.meta.url));

/**
 * Reads station data files (the CPU-heavy part of processing: decoding and building the rows) on
 * one worker thread, so the event loop that answers HTTP stays free while a big upload is
 * processed. ClickHouse's own work already runs on its threads (chDB's queries are asynchronous),
 * so this leaves the loop only the I/O calls. Falls back to reading in-process when the worker's
 * code is not there (running from TypeScript) or INGESTION_WORKER=false; a worker that dies is
 * replaced at the next file, its file failing with the reason.
 */
export class OffLoopDecoder {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (r: DecodedData) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  readonly offLoop: boolean;

  constructor(enabled: boolean) {
    this.offLoop = enabled && existsSync(WORKER_FILE);
  }

  async decode(
    bytes: Uint8Array,
    metas: ReadonlyMap<number, readonly ModuleInfo[]>,
    stationModules: readonly StationModuleRef[],
    context: Context,
  ): Promise<DecodedData> {
    if (!this.offLoop) {
      // Field by field: a spread would build the lazy `rows`, an object per reading.
      const r = readingsOfBytes(bytes, metas, stationModules, context);
      return {
        records: r.records,
        errors: r.errors,
        problems: r.problems,
        start: r.start,
        end: r.end,
        battery: r.battery,
        location: r.location,
        batch: (r.batch ?? ReadingBatch.of([])).withoutRepeats(),
      };
    }
    const id = this.nextId++;
    // A copy the worker can own (a Buffer may share its memory with others).
    const own = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(own).set(bytes);
    const job: DecodeJob = { id, bytes: own, metas, stationModules, context };
    return new Promise<DecodedData>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workerNow().postMessage(job, [own]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (reply: DecodeReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (!reply.ok) return waiting.reject(new Error(reply.message));
      waiting.resolve({
        ...reply.summary,
        batch: ReadingBatch.fromRowBytes(reply.rows, reply.count, reply.start, reply.end),
        aggregates: reply.aggregates,
      });
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [, waiting] of this.pending) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the decoding worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
