import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import type { IngestionCommand } from './ingestion.commands.js';
import { INGESTION_PROBLEMS_KEPT, type IngestionEvent, type IngestionReceived } from './ingestion.events.js';

export type IngestionState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'received';
      readonly received: IngestionReceived['data'];
      /** Processings recorded so far (the readings' ClickHouse version of the latest). */
      readonly version: number;
      /** Whether a processing is owed: received, or asked again, and not processed since. */
      readonly pending: boolean;
    };

export const ingestionMessages = {
  notFound: 'There is no such upload.',
  exists: 'This upload is already recorded.',
  staleVersion: 'The upload was processed by someone else at the same time. Try again.',
  badBlocks: 'Fk-Blocks must be two record numbers, first,last, with first <= last.',
} as const;

const decide = (command: IngestionCommand, state: IngestionState, meta: CommandMetadata): IngestionEvent[] => {
  switch (command.type) {
    case 'ReceiveIngestion': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'INGESTION.EXISTS', ingestionMessages.exists);
      const [first, last] = command.data.blocks;
      if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 0 || first > last) {
        throw DomainError.validation('INGESTION.BAD_HEADERS', { 'Fk-Blocks': ingestionMessages.badBlocks });
      }
      return [{ type: 'IngestionReceived', data: { ...command.data, uploadedBy: meta.userId, receivedAt: meta.now } }];
    }
    case 'RequestReprocessing': {
      if (state.status === 'absent') throw new DomainError('not_found', 'INGESTION.NOT_FOUND', ingestionMessages.notFound);
      return [
        {
          type: 'IngestionReprocessRequested',
          data: {
            ingestionId: command.data.ingestionId,
            stationId: state.received.stationId,
            requestedBy: meta.userId,
            requestedAt: meta.now,
          },
        },
      ];
    }
    case 'RecordIngestionProcessed': {
      if (state.status === 'absent') throw new DomainError('not_found', 'INGESTION.NOT_FOUND', ingestionMessages.notFound);
      if (command.data.version !== state.version + 1) {
        throw new DomainError('conflict', 'INGESTION.STALE_VERSION', ingestionMessages.staleVersion);
      }
      return [
        {
          type: 'IngestionProcessed',
          data: {
            ...command.data,
            problems: command.data.problems.slice(0, INGESTION_PROBLEMS_KEPT),
            stationId: state.received.stationId,
            processedAt: meta.now,
          },
        },
      ];
    }
  }
};

const evolve = (state: IngestionState, event: IngestionEvent): IngestionState => {
  switch (event.type) {
    case 'IngestionReceived':
      return { status: 'received', received: event.data, version: 0, pending: true };
    case 'IngestionReprocessRequested':
      return state.status === 'received' ? { ...state, pending: true } : state;
    case 'IngestionProcessed':
      return state.status === 'received' ? { ...state, version: event.data.version, pending: false } : state;
    default:
      return state;
  }
};

/**
 * An upload's stream: received once, then processed any number of times, each with the next
 * version; a processing is owed (`pending`) after the receipt and after each reprocess request.
 */
export const ingestionDecider: Decider<IngestionState, IngestionCommand, IngestionEvent> = {
  initialState: { status: 'absent' },
  evolve,
  decide,
};

/** The processing an upload's stream owes (its receipt and the version to write), or null when none is owed. */
export const owedProcessing = (
  events: readonly IngestionEvent[],
): { readonly received: IngestionReceived['data']; readonly version: number } | null => {
  const state = events.reduce(evolve, ingestionDecider.initialState);
  return state.status === 'received' && state.pending ? { received: state.received, version: state.version + 1 } : null;
};
