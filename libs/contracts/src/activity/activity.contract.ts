import { z } from 'zod';

/** Spec §9: the activity feed shows at most 50 items. */
export const ACTIVITY_FEED_LIMIT = 50;

const Person = z.object({ id: z.number().int(), name: z.string(), photo: z.object({ url: z.string() }).nullable() });
const StationRef = z.object({ id: z.number().int(), name: z.string() });

const common = { id: z.string(), createdAt: z.string().meta({ description: 'When it happened (ISO 8601)' }) };

export const ProjectUpdateActivity = z
  .object({
    ...common,
    type: z.literal('ProjectUpdate'),
    updateId: z.number().int(),
    author: Person.nullable(),
    body: z.string(),
  })
  .meta({ id: 'ProjectUpdateActivity' });

export const StationDeployedActivity = z
  .object({
    ...common,
    type: z.literal('StationDeployed'),
    station: StationRef,
    deployedAt: z.string(),
    location: z.object({ latitude: z.number(), longitude: z.number() }),
    locationName: z.string().nullable(),
  })
  .meta({ id: 'StationDeployedActivity' });

export const StationIngestionActivity = z
  .object({
    ...common,
    type: z.literal('StationIngestion'),
    station: StationRef,
    records: z.number().int().meta({ description: 'Data records received' }),
    errors: z.boolean().meta({ description: 'Whether processing met errors' }),
  })
  .meta({ id: 'StationIngestionActivity' });

export const Activity = z.discriminatedUnion('type', [ProjectUpdateActivity, StationDeployedActivity, StationIngestionActivity]);
export type Activity = z.infer<typeof Activity>;

export const ActivityList = z
  .object({ activities: z.array(Activity).max(ACTIVITY_FEED_LIMIT) })
  .meta({ id: 'ActivityList', description: `Newest first, at most ${ACTIVITY_FEED_LIMIT}` });
export type ActivityList = z.infer<typeof ActivityList>;
