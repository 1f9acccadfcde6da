import { z } from 'zod';

/** The answer to a station upload (as real stations expect it): the ingestion id, twice. */
export const IngestionReceipt = z.object({ id: z.number().int(), upload_id: z.number().int() }).meta({ id: 'IngestionReceipt' });
export type IngestionReceipt = z.infer<typeof IngestionReceipt>;

/** One processing of an upload, a CSV import or a LoRaWAN uplink. */
export const IngestionProcessing = z
  .object({
    id: z.number().int(),
    stationId: z.number().int(),
    type: z.enum(['meta', 'data', 'csv', 'lorawan']),
    version: z.number().int(),
    records: z.number().int(),
    readings: z.number().int(),
    errors: z.number().int(),
    problems: z.array(z.string()),
    start: z.string().nullable(),
    end: z.string().nullable(),
  })
  .meta({ id: 'IngestionProcessing' });
export type IngestionProcessing = z.infer<typeof IngestionProcessing>;

/**
 * Where an upload is: `received` (a processing is owed and not begun), `processing`, `waiting` (a
 * store, ClickHouse or the blob store, is out of reach: it is tried again), `processed`, or
 * `failed` (processed, but nothing in it could be used: its problems say why).
 */
export const UploadStateName = z
  .enum(['received', 'processing', 'waiting', 'processed', 'failed'])
  .meta({ id: 'UploadStateName' });
export type UploadStateName = z.infer<typeof UploadStateName>;

/**
 * A reprocessing asked for (202): the upload's state once the request is recorded (normally
 * `received`: owed, not begun) and `after`, the processings recorded before it. The processing asked
 * for is the first with a version above `after`: poll GET /data/ingestions/{id} until its state is
 * processed or failed with such a version.
 */
export const ReprocessAccepted = z
  .object({ id: z.number().int(), state: UploadStateName, after: z.number().int() })
  .meta({ id: 'ReprocessAccepted' });
export type ReprocessAccepted = z.infer<typeof ReprocessAccepted>;

export const ReprocessAcceptedList = z.object({ ingestions: z.array(ReprocessAccepted) }).meta({ id: 'ReprocessAcceptedList' });
export type ReprocessAcceptedList = z.infer<typeof ReprocessAcceptedList>;

/** An upload, CSV import or uplink and where its processing is (the last processing's outcome once there is one). */
export const UploadState = z
  .object({
    id: z.number().int(),
    stationId: z.number().int(),
    type: z.enum(['meta', 'data', 'csv', 'lorawan']),
    state: UploadStateName,
    /** Processings recorded (0 before the first). */
    version: z.number().int(),
    records: z.number().int().nullable(),
    readings: z.number().int().nullable(),
    errors: z.number().int().nullable(),
    problems: z.array(z.string()),
    start: z.string().nullable(),
    end: z.string().nullable(),
    /** Tries of the processing under way (processing or waiting), else 0. */
    attempts: z.number().int(),
    /** While waiting: what was out of reach. */
    waitingFor: z.string().nullable(),
  })
  .meta({ id: 'UploadState' });
export type UploadState = z.infer<typeof UploadState>;

/** What a station's SD-card backup files hold (spec §2 /admin backup upload). */
export const BackupResult = z
  .object({
    /** What could not be read: bad frames, a truncated file, data records whose meta record is missing. */
    errors: z.array(z.string()),
    /** Hex of the device id the meta file names, or null when it names none. */
    deviceId: z.string().nullable(),
    generationId: z.string().nullable(),
    deviceName: z.string().nullable(),
    /** Records read from both files. */
    records: z.number().int(),
  })
  .meta({ id: 'BackupResult' });
export type BackupResult = z.infer<typeof BackupResult>;
