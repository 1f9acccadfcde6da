import type { DomainEvent } from '../kernel/messages.js';

/**
 * What an ingestion holds: a station's protobuf `meta` or `data` file, a `csv` import for a station
 * (a time column and a column per sensor key), or one `lorawan` uplink (The Things Stack v3 JSON)
 * received by a project's webhook.
 */
export type IngestionType = 'meta' | 'data' | 'csv' | 'lorawan';

/**
 * A station upload as received (spec §7 POST /ingestion), a CSV import or a LoRaWAN uplink: its
 * raw bytes are in the blob store under `blobKey`.
 */
export type IngestionReceived = DomainEvent<
  'IngestionReceived',
  {
    readonly ingestionId: number;
    readonly stationId: number;
    /** The Fk-DeviceId header as lowercase hex; the station's device id for a CSV import, the DevEUI for an uplink. */
    readonly deviceId: string;
    /**
     * The Fk-Generation header as lowercase hex. A CSV import: the first 16 hex digits of its
     * SHA-256. An uplink: `project-{id}`, the project whose webhook received it (its field mapping reads it).
     */
    readonly generation: string;
    readonly type: IngestionType;
    readonly size: number;
    /** Fk-Blocks: the first and last record numbers in the file (a CSV import: 1 and its rows; an uplink: its f_cnt twice). */
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
    /**
     * The station firmware a meta upload names (Metadata.firmware of its newest record that has
     * one). Added later: absent in events recorded before, and for data uploads.
     */
    readonly firmware?: IngestionFirmware | null;
    readonly processedAt: string;
  }
>;

/** Firmware as a station's meta records describe it (fk_data Firmware). */
export type IngestionFirmware = { readonly version: string; readonly build: string; readonly number: string };

/**
 * Someone asked for the upload to be processed again (after a fix of the readers, or of its
 * station's modules). The ingestion process manager answers it with one more IngestionProcessed.
 */
export type IngestionReprocessRequested = DomainEvent<
  'IngestionReprocessRequested',
  { readonly ingestionId: number; readonly stationId: number; readonly requestedBy: number | null; readonly requestedAt: string }
>;

export type IngestionEvent = IngestionReceived | IngestionProcessed | IngestionReprocessRequested;

export const ingestionEventTypes = [
  'IngestionReceived',
  'IngestionProcessed',
  'IngestionReprocessRequested',
] as const satisfies readonly IngestionEvent['type'][];

export const ingestionStream = (ingestionId: number): string => `ingestion-${ingestionId}`;

/** Keep at most this many problem texts per processing in the log. */
export const INGESTION_PROBLEMS_KEPT = 20;
