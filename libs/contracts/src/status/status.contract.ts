import { z } from 'zod';
import { UploadState } from '../ingestion/ingestion.contract.js';

export const OpenAppendStatus = z
  .object({
    transactionId: z.string(),
    openForSeconds: z.number().meta({ description: 'How long the append transaction has been open' }),
    application: z.string().nullable().meta({ description: "The connection's application name, when it set one" }),
  })
  .meta({ id: 'OpenAppendStatus' });
export type OpenAppendStatus = z.infer<typeof OpenAppendStatus>;

export const ProjectionStatus = z
  .object({
    name: z.string(),
    state: z.enum(['running', 'stopped', 'failed', 'rebuilding']),
    checkpoint: z.string().nullable().meta({ description: 'Log position commit/prepare' }),
    lag: z.number().int().meta({ description: 'Readable events in the log after the checkpoint' }),
    lagSeconds: z
      .number()
      .meta({ description: 'Seconds since the oldest event the projection has not applied yet was appended (0 when caught up)' }),
    heldBackBy: z.array(OpenAppendStatus).meta({
      description:
        'Appends open for more than 5 s: no reader of the log can pass them until they end (empty when nothing holds it back)',
    }),
    updatedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ProjectionStatus' });
export type ProjectionStatus = z.infer<typeof ProjectionStatus>;

export const IngestionProcessingStatus = z
  .object({
    checkpoint: z.string().nullable().meta({ description: "The process manager's log position (commit/prepare)" }),
    lag: z.number().int().meta({ description: 'Readable events in the log after its checkpoint' }),
    received: z.number().int().meta({ description: 'Uploads owed a processing, not begun' }),
    processing: z.number().int(),
    waiting: z.number().int().meta({ description: 'Uploads waiting for a store out of reach (tried again)' }),
    failed: z.number().int().meta({ description: 'Uploads processed with nothing usable in them' }),
    unfinished: z
      .array(UploadState)
      .meta({ description: 'The oldest uploads not processed yet (at most 20), of the stations the asker may read' }),
  })
  .meta({ id: 'IngestionProcessingStatus' });
export type IngestionProcessingStatus = z.infer<typeof IngestionProcessingStatus>;

export const Status = z
  .object({
    serverName: z.string(),
    tag: z.string(),
    name: z.string(),
    git: z.object({ hash: z.string() }),
    healthy: z.boolean(),
    stores: z.object({ postgres: z.boolean(), clickhouse: z.boolean(), eventStore: z.boolean() }),
    projections: z.array(ProjectionStatus),
    /** Null when the stores could not be asked. */
    ingestions: IngestionProcessingStatus.nullable(),
  })
  .meta({ id: 'Status' });
export type Status = z.infer<typeof Status>;
