import { z } from 'zod';
import { IngestionProcessing } from './ingestion.contract.js';

/** A CSV import as stored and processed: its ingestion id, and what processing found (null when it failed; process it again). */
export const CsvImportResult = z
  .object({ id: z.number().int(), processing: IngestionProcessing.nullable() })
  .meta({ id: 'CsvImportResult' });
export type CsvImportResult = z.infer<typeof CsvImportResult>;
