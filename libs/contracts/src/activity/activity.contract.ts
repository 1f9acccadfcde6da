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
    records: z.number().int().meta({ description: 'Data records received, in all the uploads of the group' }),
    uploads: z.number().int().min(1).meta({ description: 'How many uploads the group holds' }),
    firstAt: z.string().meta({ description: "The group's first upload (ISO 8601); createdAt is its last" }),
    errors: z.boolean().meta({ description: 'Whether processing met errors in any of them' }),
  })
  .meta({
    id: 'StationIngestionActivity',
    description: "A station's processed data uploads of one day (UTC), grouped: one item per station and day",
  });

export const Activity = z.discriminatedUnion('type', [ProjectUpdateActivity, StationDeployedActivity, StationIngestionActivity]);
export type Activity = z.infer<typeof Activity>;

export const ActivityList = z
  .object({ activities: z.array(Activity).max(ACTIVITY_FEED_LIMIT) })
  .meta({ id: 'ActivityList', description: `Newest first, at most ${ACTIVITY_FEED_LIMIT}` });
export type ActivityList = z.infer<typeof ActivityList>;
