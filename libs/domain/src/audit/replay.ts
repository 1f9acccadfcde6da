import type { DomainEvent } from '../kernel/messages.js';
import type { Evolver } from './audited-streams.js';
import { diffPlain, toPlain, type FieldChange, type Plain } from './plain-state.js';

/** The state after the chosen event and the field-by-field change that event made. */
export type StateAt = { readonly state: Plain; readonly diff: readonly FieldChange[] };

/**
 * Folds the stream with the aggregate's own `evolve` up to and including `events[index]` (the
 * events as the store reads them: upcast to their current shape), keeping the state before that
 * event to diff against. `index` -1 is the state before the stream began. `view` turns each plain
 * state into what the asker may see before the two are compared, so the diff shows no more than
 * the state does.
 */
export const replayTo = (
  decider: Evolver,
  events: readonly DomainEvent[],
  index: number,
  view: (state: Plain) => Plain = (state) => state,
  /** A state this same fold reached after `events[from - 1]` (a checkpoint), to go on from there. */
  start: { readonly from: number; readonly state: unknown } = { from: 0, state: decider.initialState },
): StateAt => {
  let state = start.state;
  let before = state;
  const last = Math.min(index, events.length - 1);
  for (let i = start.from; i <= last; i += 1) {
    before = state;
    state = decider.evolve(state, events[i]!);
  }
  const after = view(toPlain(state));
  return { state: after, diff: last < 0 ? [] : diffPlain(view(toPlain(before)), after) };
};

/** The index of the last event that happened at or before `time` (-1: none did); `occurredAt` in stream order. */
export const indexAtTime = (occurredAt: readonly string[], time: Date): number => {
  const t = time.getTime();
  let found = -1;
  for (let i = 0; i < occurredAt.length; i += 1) if (Date.parse(occurredAt[i]!) <= t) found = i;
  return found;
};

/**
 * The states a fold passes every `every` events (after event `k * every - 1`), for `replayTo`'s
 * `start`: evolve never changes a state it was given, so keeping them is keeping references.
 */
export const foldCheckpoints = (decider: Evolver, events: readonly DomainEvent[], every: number): Map<number, unknown> => {
  const out = new Map<number, unknown>();
  let state = decider.initialState;
  for (let i = 0; i < events.length; i += 1) {
    state = decider.evolve(state, events[i]!);
    if ((i + 1) % every === 0) out.set(i + 1, state);
  }
  return out;
};
