import type { AppConfig, EventStore, Logger, PgPool, RecordedEvent } from '@groundtruth/platform';
import type { IngestionAppends } from './ingestion-appends.js';
import { IngestionProcessManager } from './ingestion-process-manager.js';
import type { IngestionProcessor } from './ingestion-processor.js';
import type { MetaUploads } from './meta-uploads.js';

/** An upload's receipt as the log holds it (what the manager reads to know what is owed). */
const received = (ingestionId: number, stationId: number, commit: number): RecordedEvent =>
  ({
    type: 'IngestionReceived',
    data: {
      ingestionId,
      stationId,
      deviceId: '00',
      generation: '00',
      type: 'data',
      size: 1,
      blocks: [1, 1],
      contentType: 'application/vnd.fk.data+binary',
      deviceName: null,
      blobKey: `k${ingestionId}`,
      uploadedBy: null,
      receivedAt: '2026-01-01T00:00:00Z',
    },
    metadata: { correlationId: 'c', causationId: 'c', userId: null, occurredAt: '2026-01-01T00:00:00Z' },
    streamId: `ingestion-${ingestionId}`,
    revision: 0n,
    position: { commit: BigInt(commit), prepare: BigInt(commit) },
  }) as unknown as RecordedEvent;

const quiet = { child: () => quiet, warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

/** A manager over a log read by `readAll`, whose processings take `processMs` each. */
const manager = (readAll: EventStore['readAll'], events: RecordedEvent[], processMs: number) => {
  const done: number[] = [];
  /** `start 1`, `end 1`, … in the order they happened. */
  const steps: string[] = [];
  const store = {
    readAll,
    readStream: async (stream: string) =>
      events.filter((e) => e.streamId === stream && !done.includes(Number(stream.split('-')[1]))),
  } as unknown as EventStore;
  const pool = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as PgPool;
  const processor = {
    process: async (work: { received: { ingestionId: number } }) => {
      steps.push(`start ${work.received.ingestionId}`);
      await new Promise((resolve) => setTimeout(resolve, processMs));
      done.push(work.received.ingestionId);
      steps.push(`end ${work.received.ingestionId}`);
    },
    catchUpSummaries: async () => 0,
  } as unknown as IngestionProcessor;
  const metas = {
    take: async () => undefined,
    catchUp: async () => undefined,
    save: async () => undefined,
  } as unknown as MetaUploads;
  const pm = new IngestionProcessManager(
    store,
    pool,
    { projectorPollMs: 1_000 } as AppConfig,
    quiet,
    processor,
    {} as IngestionAppends,
    metas,
  );
  return { pm, done, steps };
};

describe('IngestionProcessManager.step', () => {
  it('when reading the log fails, ends the processing under way before it throws', async () => {
    const events = [received(1, 10, 1)];
    let reads = 0;
    const { pm, done } = manager(
      async () => {
        reads += 1;
        if (reads === 1) return events;
        throw new Error('log out of reach');
      },
      events,
      100,
    );
    let doneWhenThrown: number[] | null = null;
    await expect(
      pm.step().catch((error: unknown) => {
        doneWhenThrown = [...done];
        throw error;
      }),
    ).rejects.toThrow('log out of reach');
    // The other lane's failure did not leave the processing running on its own (a next step could
    // take the same upload beside it). Control: a step that threw at once would find nothing done.
    expect(doneWhenThrown).toEqual([1]);
  });

  it('takes an upload received while another is processed without waiting for it, each once', async () => {
    const first = received(1, 10, 1);
    const later = received(2, 20, 2);
    let reads = 0;
    const { pm, steps } = manager(
      async ({ after }) => {
        reads += 1;
        // The later upload is in the log from the second read on.
        const log = reads === 1 ? [first] : [first, later];
        return log.filter((e) => after === null || e.position.commit > after.commit);
      },
      [first, later],
      100,
    );
    expect(await pm.step()).toBe(true);
    // The free lane read on and started the later upload while the first was processed. (A manager
    // waiting for its whole batch would end the step with the first alone: [start 1, end 1].)
    expect(steps).toEqual(['start 1', 'start 2', 'end 1', 'end 2']);
  });
});
