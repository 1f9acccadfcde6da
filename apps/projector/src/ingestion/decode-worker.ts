import { parentPort } from 'node:worker_threads';
import { batchAggregates } from './readings/batch-aggregates.js';
import { readingsOfBytes } from '@groundtruth/platform';
import type { DecodeJob, DecodeReply } from './off-loop-decoder.js';

/**
 * The worker thread of OffLoopDecoder: reads a station data file into RowBinary rows (repeats
 * dropped) and, at a first processing, their aggregate levels (batchAggregates: the write inserts
 * them when the file's days are new), and hands the buffers back without copying them.
 */
parentPort!.on('message', (job: DecodeJob) => {
  try {
    const result = readingsOfBytes(new Uint8Array(job.bytes), job.metas, job.stationModules, job.context);
    const batch = result.batch!.withoutRepeats();
    const rows = batch.bytes().buffer as ArrayBuffer;
    // Only a first processing may insert them (ExactReadingsWrite); a reprocessing is built by the engine.
    const aggregates = job.context.version === 1 ? batchAggregates(batch) : null;
    const reply: DecodeReply = {
      id: job.id,
      ok: true,
      rows,
      aggregates,
      count: batch.length,
      start: batch.start,
      end: batch.end,
      summary: {
        records: result.records,
        errors: result.errors,
        problems: result.problems,
        start: result.start,
        end: result.end,
        battery: result.battery,
        location: result.location,
      },
    };
    parentPort!.postMessage(reply, [rows, ...(aggregates ?? []).map((level) => level.rows)]);
  } catch (error) {
    const reply: DecodeReply = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(reply);
  }
});
