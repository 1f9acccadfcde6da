import { z } from 'zod';
import { IdList } from './list-query.contract.js';
import { listQuery } from './list-query.contract.js';

/** A projection's name as the console sends it (`all` for every projection, where a rebuild is asked). */
export const ProjectionName = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/);

/** A rebuild started from the console, as the projector moves it to the swap. */
export const ProjectionRebuild = z
  .object({
    id: z.number().int(),
    projection: z.string(),
    state: z.enum(['queued', 'running', 'swapped', 'failed']),
    done: z.number().int(),
    total: z.number().int(),
    eventsPerSecond: z.number().nullable(),
    secondsLeft: z.number().nullable(),
    requestedBy: z.number().int().nullable(),
    requestedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ProjectionRebuild' });
export type ProjectionRebuild = z.infer<typeof ProjectionRebuild>;

/** An event a projection stopped on, with its error and the operator's answer once given. */
export const ProjectionFailureRow = z
  .object({
    id: z.number().int(),
    projection: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    streamId: z.string(),
    revision: z.number().int(),
    error: z.string(),
    attempts: z.number().int(),
    failedAt: z.string(),
    resolution: z.enum(['retried', 'skipped']).nullable(),
    resolvedBy: z.number().int().nullable(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'ProjectionFailure' });
export type ProjectionFailureRow = z.infer<typeof ProjectionFailureRow>;
export const ProjectionFailureList = z.array(ProjectionFailureRow).meta({ id: 'ProjectionFailureList' });

export const ProjectionFailuresQuery = listQuery({
  sortable: ['id'],
  defaultSort: ['id', 'DESC'],
  filter: z.object({ id: IdList.optional(), projection: ProjectionName.optional(), open: z.boolean().optional() }),
  pageSize: 25,
});

/** What a retry, skip or rebuild request was recorded as: the logged event's id (the projector acts on it). */
export const ProjectionRequestAnswer = z
  .object({
    requestId: z.string(),
    projections: z.array(z.string()),
  })
  .meta({ id: 'ProjectionRequestAnswer' });
export type ProjectionRequestAnswer = z.infer<typeof ProjectionRequestAnswer>;

export const ProjectionNameParams = z.object({ name: ProjectionName });
