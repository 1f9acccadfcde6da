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

export const IngestionProcessingList = z
  .object({ ingestions: z.array(IngestionProcessing) })
  .meta({ id: 'IngestionProcessingList' });
export type IngestionProcessingList = z.infer<typeof IngestionProcessingList>;

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
