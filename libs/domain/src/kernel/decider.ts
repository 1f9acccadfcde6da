import type { Command, CommandMetadata, DomainEvent } from './messages.js';

/**
 * An aggregate as three pure functions (the decider pattern).
 * `evolve` never throws and ignores events it does not know; `decide` returns new events or
 * throws a DomainError.
 */
export type Decider<State, C extends Command, E extends DomainEvent> = {
  readonly initialState: State;
  evolve(state: State, event: E): State;
  decide(command: C, state: State, meta: CommandMetadata): readonly E[];
};

export const fold = <State, E extends DomainEvent>(
  decider: Pick<Decider<State, never, E>, 'initialState' | 'evolve'>,
  events: Iterable<E>,
): State => {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, event);
  return state;
};
