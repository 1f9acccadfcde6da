import { z } from 'zod';
import { IdList } from './list-query.contract.js';
import { listQuery } from './list-query.contract.js';

/** A projection's name as the console sends it (`all` for every projection, where a rebuild is asked). */
export const ProjectionName = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, { error: 'A projection name is lower-case letters, digits and dashes.' });

/** A rebuild started from the console, as the projector moves it to the swap. */
export const ProjectionRebuild = z
  .object({
    id: z.number().int(),
    projection: z.string(),
    state: z.enum(['queued', 'running', 'swapped', 'failed']),
    done: z.number().int().meta({ description: 'Events of the log replayed so far' }),
    total: z.number().int().meta({ description: 'The log\'s length when the rebuild started (the tail may add a few)' }),
    eventsPerSecond: z.number().nullable().meta({ description: 'Replay rate so far; null before it starts' }),
    secondsLeft: z.number().nullable().meta({ description: 'Estimated seconds to the swap at that rate; null when unknown or done' }),
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
    requestId: z.string().meta({ description: 'The id of the event recorded in the log' }),
    projections: z.array(z.string()).meta({ description: 'The projections the request concerns' }),
  })
  .meta({ id: 'ProjectionRequestAnswer' });
export type ProjectionRequestAnswer = z.infer<typeof ProjectionRequestAnswer>;

export const ProjectionNameParams = z.object({ name: ProjectionName });
