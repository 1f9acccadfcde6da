import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import { fold } from '../kernel/decider.js';
import type { Command, CommandMetadata, DomainEvent } from '../kernel/messages.js';

export const testMetadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  correlationId: 'corr-1',
  causationId: 'cause-1',
  userId: 1,
  now: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

type Outcome<E> = { events: readonly E[] } | { error: unknown };

/**
 * given(events) / when(command) / then(events | error), for deciders.
 * `then` takes the expected events; `thenThrows` a partial DomainError to match.
 */
export const specFor = <S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>) => ({
  given: (events: readonly E[]) => ({
    when: (command: C, meta: CommandMetadata = testMetadata()) => {
      const run = (): Outcome<E> => {
        try {
          return { events: decider.decide(command, fold(decider, events), meta) };
        } catch (error) {
          return { error };
        }
      };
      return {
        then(expected: readonly E[]): void {
          const outcome = run();
          if ('error' in outcome) throw outcome.error;
          expect(outcome.events).toEqual(expected);
        },
        thenThrows(expected: Partial<Pick<DomainError, 'kind' | 'code' | 'fieldErrors'>>): void {
          const outcome = run();
          if (!('error' in outcome)) {
            throw new Error(`Expected a DomainError but got events ${JSON.stringify(outcome.events)}`);
          }
          expect(outcome.error).toBeInstanceOf(DomainError);
          expect(outcome.error).toMatchObject(expected);
        },
      };
    },
  }),
});
