import { projectionOpsDecider, type ProjectionFacts } from './projection-ops.js';

const meta = { correlationId: 'c', causationId: 'c', userId: 4, now: '2026-11-28T12:00:00.000Z' };
const eventId = '00000000-0000-4000-8000-000000000001';
const facts = (resolution: 'retried' | 'skipped' | null | 'none'): ProjectionFacts => ({
  projections: ['stations', 'users'],
  failure: resolution === 'none' ? null : { eventId, projection: 'stations', resolution },
});
const decide = (command: Parameters<typeof projectionOpsDecider.decide>[0]) =>
  projectionOpsDecider.decide(command, projectionOpsDecider.initialState, meta);

describe('projection operations decider', () => {
  it('records a retry or skip of an open failure, and a rebuild of a projection or all', () => {
    expect(decide({ type: 'RetryFailedEvent', data: { projection: 'stations', eventId, facts: facts(null) } })).toEqual([
      { type: 'ProjectionEventRetryRequested', data: { projection: 'stations', eventId } },
    ]);
    expect(decide({ type: 'SkipFailedEvent', data: { projection: 'stations', eventId, facts: facts(null) } })).toEqual([
      { type: 'ProjectionEventSkipRequested', data: { projection: 'stations', eventId } },
    ]);
    expect(decide({ type: 'RebuildProjection', data: { projection: 'all', facts: facts('none') } })).toEqual([
      { type: 'ProjectionRebuildRequested', data: { projection: 'all' } },
    ]);
  });

  it('refuses an answered failure, one not recorded or of another projection, and an unknown projection', () => {
    expect(() => decide({ type: 'SkipFailedEvent', data: { projection: 'stations', eventId, facts: facts('retried') } })).toThrow(
      expect.objectContaining({ code: 'PROJECTION.FAILURE_ANSWERED' }),
    );
    expect(() => decide({ type: 'RetryFailedEvent', data: { projection: 'stations', eventId, facts: facts('none') } })).toThrow(
      expect.objectContaining({ code: 'PROJECTION.FAILURE_NOT_FOUND' }),
    );
    expect(() => decide({ type: 'RetryFailedEvent', data: { projection: 'users', eventId, facts: facts(null) } })).toThrow(
      expect.objectContaining({ code: 'PROJECTION.FAILURE_NOT_FOUND' }),
    );
    expect(() => decide({ type: 'RebuildProjection', data: { projection: 'nothing', facts: facts('none') } })).toThrow(
      expect.objectContaining({ code: 'PROJECTION.NOT_FOUND' }),
    );
  });
});
