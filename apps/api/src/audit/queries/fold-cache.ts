import { foldCheckpoints, type AuditedStream } from '@groundtruth/domain';
import type { RecordedEvent } from '@groundtruth/platform';

/** Streams shorter than this are folded whole each time (a few milliseconds). */
const LONG_STREAM = 1000;
const EVERY = 250;
const STREAMS_KEPT = 32;

type Entry = { readonly events: number; readonly erased: string; readonly checkpoints: Map<number, unknown> };

/**
 * Checkpoints of long streams' folds, so that moving along a 10,000-event history does not fold it
 * from the start on every request. A checkpoint is a state the aggregate's own `evolve` reached (the
 * same fold, kept), so the answer is the same. The log only grows, so an entry holds for as long
 * as the stream's first `events` events are read; a key destroyed since (its state holds opened
 * personal data) drops it. A few streams are kept, the least recently used go first.
 */
export class FoldCache {
  private readonly entries = new Map<string, Entry>();

  /** Where to start folding to reach the state after `events[index]`: the nearest checkpoint at or before it. */
  startFor(
    stream: AuditedStream,
    streamId: string,
    events: readonly RecordedEvent[],
    erased: ReadonlySet<string>,
    index: number,
  ): { from: number; state: unknown } | undefined {
    if (events.length < LONG_STREAM) return undefined;
    const erasedKey = [...erased].sort().join(',');
    let entry = this.entries.get(streamId);
    if (!entry || entry.erased !== erasedKey || entry.events > events.length) {
      entry = { events: events.length, erased: erasedKey, checkpoints: foldCheckpoints(stream.decider, events, EVERY) };
    } else if (entry.events < events.length) {
      // Appended since: fold on from the last checkpoint, keeping the earlier ones.
      const lastAt = Math.floor(entry.events / EVERY) * EVERY;
      const from = entry.checkpoints.get(lastAt) ?? stream.decider.initialState;
      let state = from;
      const checkpoints = new Map(entry.checkpoints);
      for (let i = lastAt; i < events.length; i += 1) {
        state = stream.decider.evolve(state, events[i]!);
        if ((i + 1) % EVERY === 0) checkpoints.set(i + 1, state);
      }
      entry = { events: events.length, erased: erasedKey, checkpoints };
    }
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    while (this.entries.size > STREAMS_KEPT) this.entries.delete(this.entries.keys().next().value!);
    // The state before `events[index]` is needed too (for the diff): start at or before `index`.
    const at = Math.floor(Math.max(index, 0) / EVERY) * EVERY;
    const state = at === 0 ? undefined : entry.checkpoints.get(at);
    return state === undefined ? undefined : { from: at, state };
  }
}
