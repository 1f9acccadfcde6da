import { z } from 'zod';
import { IdParam } from '../common/params.contract.js';

/** A rich-text document (tiptap JSON) as text; the server checks it against the editor's schema. */
const RichText = z.string().max(50_000).meta({ description: 'A tiptap document as JSON text, or plain text (wrapped)' });

export const PostAuthor = z
  .object({ id: z.number().int(), name: z.string(), photo: z.string().nullable() })
  .meta({ id: 'PostAuthor' });

const postFields = {
  id: z.number().int(),
  author: PostAuthor,
  projectId: z.number().int().nullable(),
  bookmark: z.string().nullable(),
  /** Empty for a deleted post kept as a placeholder for its replies. */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  deleted: z.boolean(),
  /** The author's account was deleted and with it the words (body empty); replies stay. */
  erased: z.boolean(),
  userHasReported: z.boolean(),
};

export const DiscussionReply = z
  .object({ ...postFields, threadId: z.number().int(), type: z.literal('comment') })
  .meta({ id: 'DiscussionReply' });
export const DiscussionPost = z
  .object({ ...postFields, threadId: z.null(), type: z.literal('comment'), replies: z.array(DiscussionReply) })
  .meta({ id: 'DiscussionPost' });
export type DiscussionPost = z.infer<typeof DiscussionPost>;
export const DiscussionList = z.object({
  posts: z.array(DiscussionPost).meta({ description: 'Newest thread first; replies oldest first' }),
});
export type DiscussionList = z.infer<typeof DiscussionList>;

export const BookmarkQuery = z.object({ bookmark: z.string().min(1).max(100) });

export const NewPostBody = z
  .object({
    post: z
      .object({
        projectId: IdParam.optional(),
        bookmark: z.string().min(1).max(100).optional(),
        threadId: IdParam.optional(),
        body: RichText,
      })
      .refine((p) => p.threadId !== undefined || p.projectId !== undefined || p.bookmark !== undefined, {
        error: 'A comment belongs to a project, a workspace or a thread.',
      }),
  })
  .meta({ id: 'NewPostBody' });
export type NewPostBody = z.infer<typeof NewPostBody>;
export const EditPostBody = z.object({ body: RichText }).meta({ id: 'EditPostBody' });
export type EditPostBody = z.infer<typeof EditPostBody>;
export type DiscussionReply = z.infer<typeof DiscussionReply>;
/** What a new post or an edit answers: the post as the list shows it (a top-level one with its replies). */
export const PostAnswer = z.object({ post: z.union([DiscussionPost, DiscussionReply]) }).meta({ id: 'PostAnswer' });
export type PostAnswer = z.infer<typeof PostAnswer>;

export const SensorRef = z.object({ stationId: IdParam, sensorId: IdParam });
export const DataEvent = z
  .object({
    id: z.number().int(),
    author: PostAuthor,
    projectId: z.number().int().nullable(),
    bookmark: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    start: z.string(),
    end: z.string(),
    allProjectSensors: z.boolean(),
    sensors: z.array(z.object({ stationId: z.number().int(), sensorId: z.number().int() })),
    createdAt: z.string(),
    updatedAt: z.string(),
    userHasReported: z.boolean(),
    /** Whether the asker may edit it (its author, the project's Administrators, site admins). */
    canEdit: z.boolean(),
    type: z.literal('event'),
  })
  .meta({ id: 'DataEvent' });
export type DataEvent = z.infer<typeof DataEvent>;
export const DataEventList = z.object({ events: z.array(DataEvent).meta({ description: 'By start, earliest first' }) });
export type DataEventList = z.infer<typeof DataEventList>;
export const DataEventAnswer = z.object({ event: DataEvent }).meta({ id: 'DataEventAnswer' });

export const NewDataEventBody = z
  .object({
    event: z.object({
      projectId: IdParam.optional(),
      bookmark: z.string().min(1).max(100).optional(),
      title: RichText,
      description: RichText.default(''),
      start: z.iso.datetime({ offset: true }),
      end: z.iso.datetime({ offset: true }),
      allProjectSensors: z.boolean(),
      sensors: z.array(SensorRef).max(100).default([]),
    }),
  })
  .meta({ id: 'NewDataEventBody' });
export type NewDataEventBody = z.infer<typeof NewDataEventBody>;
export const EditDataEventBody = z
  .object({
    title: RichText,
    description: RichText.default(''),
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    /** Given: the scope changes to all the project's sensors, or to `sensors`; left out, it stays. */
    allProjectSensors: z.boolean().optional(),
    sensors: z.array(SensorRef).max(100).optional(),
  })
  .meta({ id: 'EditDataEventBody' });
export type EditDataEventBody = z.infer<typeof EditDataEventBody>;
/** Data events that touch any of these sensors within a window, for charts (no bookmark needed). */
export const DataEventsQuery = z.object({
  bookmark: z.string().min(1).max(100).optional(),
  stations: z
    .string()
    .max(2_000)
    .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, { error: 'A comma-separated list of station ids.' })
    .optional(),
});
export type DataEventsQuery = z.infer<typeof DataEventsQuery>;
