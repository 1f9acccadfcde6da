import {
  auditedStreamOf,
  foldCheckpoints,
  projectDecider,
  replayTo,
  type DomainEvent,
  type ProjectCommand,
} from '@groundtruth/domain';
import type { RecordedEvent } from '@groundtruth/platform';
import { FoldCache } from './fold-cache.js';

const meta = { correlationId: 'c', causationId: 'c', userId: 1, now: '2026-01-01T00:00:00.000Z' };
const commandAt = (i: number): ProjectCommand =>
  i === 0
    ? { type: 'CreateProject', data: { projectId: 1, name: 'P', description: 'd', goal: 'g', location: 'l' } }
    : i % 3 === 0
      ? { type: 'UpdateProject', data: { projectId: 1, changes: { name: `P ${i}` } } }
      : i % 3 === 1
        ? { type: 'FollowProject', data: { projectId: 1, userId: 100 + (i % 40) } }
        : { type: 'PostProjectUpdate', data: { projectId: 1, updateId: 1000 + i, authorId: 1, body: `U ${i}` } };

/** A project stream of `n` events decided by the real decider. */
const history = (n: number): DomainEvent[] => {
  const events: DomainEvent[] = [];
  let state = projectDecider.initialState;
  for (let i = 0; events.length < n; i += 1) {
    for (const e of projectDecider.decide(commandAt(i), state, meta)) {
      state = projectDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events.slice(0, n);
};

const stream = auditedStreamOf('project-1')!.stream;
const asRecorded = (events: DomainEvent[]) => events as unknown as RecordedEvent[];

describe('FoldCache', () => {
  it('does give, from its checkpoints, the state and diff a fold from the start gives, also after appends', () => {
    const sut = new FoldCache();
    const all = history(3100);
    for (const [length, indexes] of [
      [2600, [0, 249, 250, 251, 1300, 2599]],
      [3100, [2599, 2600, 2750, 3099]],
    ] as const) {
      const events = all.slice(0, length);
      for (const index of indexes) {
        const start = sut.startFor(stream, 'project-1', asRecorded(events), new Set(), index);
        if (index >= 250) expect(start).toBeDefined();
        expect(replayTo(stream.decider, events, index, undefined, start)).toEqual(replayTo(stream.decider, events, index));
      }
    }
  });

  it('does not keep short streams, and starts again when a key was destroyed since', () => {
    const sut = new FoldCache();
    expect(sut.startFor(stream, 'project-1', asRecorded(history(300)), new Set(), 299)).toBeUndefined();
    const events = asRecorded(history(1200));
    const first = sut.startFor(stream, 'project-1', events, new Set(), 1100);
    expect(sut.startFor(stream, 'project-1', events, new Set(), 1100)!.state).toBe(first!.state);
    expect(sut.startFor(stream, 'project-1', events, new Set(['user-9']), 1100)!.state).not.toBe(first!.state);
  });

  it('control: a wrong checkpoint shows in the answer, so the comparison above can fail', () => {
    const events = history(600);
    const wrong = { from: 500, state: foldCheckpoints(stream.decider, events, 100).get(100) };
    expect(replayTo(stream.decider, events, 550, undefined, wrong)).not.toEqual(replayTo(stream.decider, events, 550));
  });
});
