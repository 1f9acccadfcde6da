import { z } from 'zod';

export const ProjectionStatus = z
  .object({
    name: z.string(),
    state: z.enum(['running', 'stopped', 'failed', 'rebuilding']),
    checkpoint: z.string().nullable().meta({ description: 'Log position commit/prepare' }),
    lag: z.number().int().meta({ description: 'Events in the log after the checkpoint' }),
    updatedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ProjectionStatus' });
export type ProjectionStatus = z.infer<typeof ProjectionStatus>;

export const Status = z
  .object({
    serverName: z.string(),
    tag: z.string(),
    name: z.string(),
    git: z.object({ hash: z.string() }),
    healthy: z.boolean(),
    stores: z.object({ postgres: z.boolean(), clickhouse: z.boolean(), eventStore: z.boolean() }),
    projections: z.array(ProjectionStatus),
  })
  .meta({ id: 'Status' });
export type Status = z.infer<typeof Status>;
