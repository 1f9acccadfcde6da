import type { DomainEvent } from '../kernel/messages.js';

export type IngestionType = 'meta' | 'data';

/** A station upload as received (spec §7 POST /ingestion): its raw bytes are in the blob store under `blobKey`. */
export type IngestionReceived = DomainEvent<
  'IngestionReceived',
  {
    readonly ingestionId: number;
    readonly stationId: number;
    /** The Fk-DeviceId header as lowercase hex. */
    readonly deviceId: string;
    /** The Fk-Generation header as lowercase hex. */
    readonly generation: string;
    readonly type: IngestionType;
    readonly size: number;
    /** Fk-Blocks: the first and last record numbers in the file. */
    readonly blocks: readonly [number, number];
    readonly contentType: string;
    readonly deviceName: string | null;
    readonly blobKey: string;
    readonly uploadedBy: number | null;
    readonly receivedAt: string;
  }
>;

/** One processing (or reprocessing) of an upload: readings written with `version`, replacing earlier ones. */
export type IngestionProcessed = DomainEvent<
  'IngestionProcessed',
  {
    readonly ingestionId: number;
    readonly stationId: number;
    /** 1 for the first processing, then one more per reprocessing (the readings' ClickHouse version). */
    readonly version: number;
    /** Records read (meta or data). */
    readonly records: number;
    /** Readings written. */
    readonly readings: number;
    /** Records or readings that could not be used. */
    readonly errors: number;
    /** The first few problems, for people to read. */
    readonly problems: readonly string[];
    /** ISO time of the first and last reading written (null when none). */
    readonly start: string | null;
    readonly end: string | null;
    /** The station's last reported battery (percent) in this upload, if any. */
    readonly battery: number | null;
    /** The station's last GPS fix in this upload, if any. */
    readonly location: { readonly longitude: number; readonly latitude: number } | null;
    readonly processedAt: string;
  }
>;

export type IngestionEvent = IngestionReceived | IngestionProcessed;

export const ingestionEventTypes = [
  'IngestionReceived',
  'IngestionProcessed',
] as const satisfies readonly IngestionEvent['type'][];

export const ingestionStream = (ingestionId: number): string => `ingestion-${ingestionId}`;

/** Keep at most this many problem texts per processing in the log. */
export const INGESTION_PROBLEMS_KEPT = 20;
