import type { Decider, DomainEvent } from '@groundtruth/domain';
import { fold } from '@groundtruth/domain';
import type { EventStore } from '@groundtruth/platform';

/** The state of another stream than the one decided on, for a handler to hand its decider as facts. */
export const streamState = async <S, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, never, E>,
  streamId: string,
): Promise<S> => fold(decider, (await store.readStream(streamId)) as unknown as E[]);
