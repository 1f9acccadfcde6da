import { randomUUID } from 'node:crypto';
import { UpcasterRegistry } from '@groundtruth/domain';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type LogPosition,
  type RecordedEvent,
} from './event-store.port.js';

/**
 * The behaviour every event-store adapter must show. Each adapter's int spec calls this with a
 * factory for a fresh, empty store (Postgres always; EventStoreDB when EVENTSTORE_URL is set).
 */
export type ConformanceContext = {
  /** A store on an empty log; `upcasters` must be applied on read. */
  open(upcasters?: UpcasterRegistry): Promise<EventStore>;
  /** Streams must be unique per run when the log cannot be emptied (EventStoreDB). */
  prefix: string;
};

export const event = (type: string, data: unknown = {}, eventId: string = randomUUID()): EventToAppend => ({
  type,
  data,
  metadata: { eventId, correlationId: 'c', causationId: 'c', userId: null, occurredAt: '2026-01-01T00:00:00.000Z' },
});

export const readEverything = async (store: EventStore, after: LogPosition | null = null): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  for (let cursor = after; ;) {
    const page = await store.readAll({ after: cursor, limit: 500 });
    if (page.length === 0) return out;
    out.push(...page);
    cursor = page[page.length - 1]!.position;
  }
};

const expectStrictlyIncreasing = (events: readonly RecordedEvent[]) => {
  for (let i = 1; i < events.length; i++) {
    expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBe(-1);
  }
};

export const describeEventStoreConformance = (name: string, ctx: () => ConformanceContext) => {
  describe(`${name} event store conformance`, () => {
    let store: EventStore;
    let s: (id: string) => string;

    beforeEach(async () => {
      const c = ctx();
      store = await c.open();
      s = (id) => `${c.prefix}${id}`;
    });
    afterEach(() => store.close());

    it('creates a stream with no_stream and refuses a second no_stream append', async () => {
      const r = await store.append(s('a-1'), [event('A'), event('B')], 'no_stream');
      expect(r.nextRevision).toBe(1n);
      await expect(store.append(s('a-1'), [event('C')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    });

    it('appends at the exact revision and refuses a stale one', async () => {
      await store.append(s('b-1'), [event('A')], 'no_stream');
      const r = await store.append(s('b-1'), [event('B')], 0n);
      expect(r.nextRevision).toBe(1n);
      const stale = store.append(s('b-1'), [event('C')], 0n);
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(stale).rejects.toMatchObject({ actual: 1n });
      await expect(store.append(s('b-missing'), [event('A')], 0n)).rejects.toMatchObject({ actual: 'no_stream' });
    });

    it('appends with any whatever the revision, and stream_exists only to an existing stream', async () => {
      await expect(store.append(s('c-1'), [event('A')], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(s('c-1'), [event('A')], 'any');
      await store.append(s('c-1'), [event('B')], 'any');
      const r = await store.append(s('c-1'), [event('C')], 'stream_exists');
      expect(r.nextRevision).toBe(2n);
    });

    it('lets exactly one of many concurrent writers win the same expected revision', async () => {
      await store.append(s('d-1'), [event('A')], 'no_stream');
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(s('d-1'), [event('B')], 0n)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .every((r) => (r as PromiseRejectedResult).reason instanceof WrongExpectedRevisionError),
      ).toBe(true);
      expect(await store.readStream(s('d-1'))).toHaveLength(2);
    });

    it('answers each of many concurrent appends on its own: stale ones conflict, the rest succeed', async () => {
      for (let i = 0; i < 12; i++) await store.append(s(`m-${i}`), [event('A')], 'no_stream');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          // Even streams are appended at their real revision (0), odd ones at a stale one (5).
          store.append(s(`m-${i}`), [event('B', { i }), event('C', { i })], i % 2 === 0 ? 0n : 5n),
        ),
      );
      results.forEach((r, i) => {
        if (i % 2 === 0) expect(r).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2n } });
        else expect(r).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
      });
      for (let i = 0; i < 12; i++) {
        expect((await store.readStream(s(`m-${i}`))).map((e) => e.type)).toEqual(i % 2 === 0 ? ['A', 'B', 'C'] : ['A']);
      }
    });

    it('treats a retried append with the same event ids as done, writing nothing twice', async () => {
      const batch = [event('A', { n: 1 }), event('B', { n: 2 })];
      const first = await store.append(s('e-1'), batch, 'no_stream');
      const again = await store.append(s('e-1'), batch, 'no_stream');
      expect(again.nextRevision).toBe(first.nextRevision);
      await store.append(s('e-1'), [event('C')], 1n);
      const retryExact = await store.append(s('e-1'), batch, 'no_stream');
      expect(retryExact.nextRevision).toBe(1n);
      expect((await store.readStream(s('e-1'))).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('reads a stream in order with revisions, data and metadata, and an unknown stream as empty', async () => {
      const a = event('Created', { name: 'x', nested: { list: [1, 2] } });
      await store.append(s('f-1'), [a, event('Renamed', { name: 'y' })], 'no_stream');
      const events = await store.readStream(s('f-1'));
      expect(events.map((e) => [e.type, e.revision])).toEqual([
        ['Created', 0n],
        ['Renamed', 1n],
      ]);
      expect(events[0]!.data).toEqual({ name: 'x', nested: { list: [1, 2] } });
      expect(events[0]!.metadata).toEqual(a.metadata);
      expect(events[0]!.streamId).toBe(s('f-1'));
      expect(await store.readStream(s('f-none'))).toEqual([]);
    });

    it('upcasts old event versions on read without rewriting them', async () => {
      const upcasters = new UpcasterRegistry().register('Named', (e) => ({
        type: 'NamedV2',
        data: { ...(e.data as object), version: 2 },
      }));
      const c = ctx();
      const upcasting = await c.open(upcasters);
      try {
        await upcasting.append(s('g-1'), [event('Named', { name: 'old' })], 'no_stream');
        expect((await upcasting.readStream(s('g-1')))[0]).toMatchObject({ type: 'NamedV2', data: { name: 'old', version: 2 } });
        expect((await store.readStream(s('g-1')))[0]).toMatchObject({ type: 'Named', data: { name: 'old' } });
      } finally {
        await upcasting.close();
      }
    });

    it('reads the whole log in one global order and catches up from a checkpoint', async () => {
      const start = await store.headPosition();
      await store.append(s('h-1'), [event('A1'), event('A2')], 'no_stream');
      await store.append(s('h-2'), [event('B1')], 'no_stream');
      await store.append(s('h-1'), [event('A3')], 1n);
      const all = (await readEverything(store, start)).filter((e) => e.streamId.startsWith(s('h-')));
      expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
      expectStrictlyIncreasing(all);
      const checkpoint = all[1]!.position;
      const rest = (await readEverything(store, checkpoint)).filter((e) => e.streamId.startsWith(s('h-')));
      expect(rest.map((e) => e.type)).toEqual(['B1', 'A3']);
      const page = await store.readAll({ after: start, limit: 2 });
      expect(page).toHaveLength(2);
      expect(await store.headPosition()).toEqual(all[all.length - 1]!.position);
    });

    it('holds the positions it gave out, and none beyond its head', async () => {
      const appended = await store.append(s('p-1'), [event('P1')], 'no_stream');
      expect(await store.holds(appended.position)).toBe(true);
      const head = (await store.headPosition())!;
      expect(await store.holds({ commit: head.commit + 1_000_000_000n, prepare: 0n })).toBe(false);
      expect(await store.holds({ commit: 99_999_999_999n, prepare: 0n })).toBe(false);
    });

    it('delivers every event once, in order, to a subscriber while many writers append concurrently', async () => {
      const start = await store.headPosition();
      const abort = new AbortController();
      const seen: RecordedEvent[] = [];
      const writers = 8;
      const perWriter = 40;
      const total = writers * perWriter * 2;
      const subscription = (async () => {
        for await (const e of store.subscribeAll(start, abort.signal)) {
          if (e.streamId.startsWith(s('w-'))) seen.push(e);
          if (seen.length >= total) abort.abort();
        }
      })();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++)
            await store.append(s(`w-${w}-${i % 5}`), [event('X', { w, i }), event('Y', { w, i })], 'any');
        }),
      );
      const timeout = setTimeout(() => abort.abort(), 20000);
      await subscription;
      clearTimeout(timeout);
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((e) => e.metadata.eventId)).size).toBe(total);
      expectStrictlyIncreasing(seen);
      // Within each stream, revisions arrive in order with no gap.
      const byStream = new Map<string, bigint[]>();
      for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
      for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
    });
  });
};
