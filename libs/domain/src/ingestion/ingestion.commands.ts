import type { Command } from '../kernel/messages.js';
import type { IngestionProcessed, IngestionReceived } from './ingestion.events.js';

export type ReceiveIngestion = Command<'ReceiveIngestion', Omit<IngestionReceived['data'], 'receivedAt' | 'uploadedBy'>>;

/** `version` must be the next one (processings so far + 1): a concurrent processing is a conflict. */
export type RecordIngestionProcessed = Command<
  'RecordIngestionProcessed',
  Omit<IngestionProcessed['data'], 'processedAt' | 'stationId'>
>;

/** Asks for one more processing; answered by the process manager, never in the request. */
export type RequestReprocessing = Command<'RequestReprocessing', { readonly ingestionId: number }>;

export type IngestionCommand = ReceiveIngestion | RecordIngestionProcessed | RequestReprocessing;
