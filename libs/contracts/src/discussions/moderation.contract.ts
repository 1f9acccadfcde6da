import { z } from 'zod';
import { IdParam } from '../common/params.contract.js';

export const ReportedPostType = z.enum(['discussion_post', 'data_event']);
export const ReportBody = z.object({ postId: IdParam, postType: ReportedPostType }).meta({ id: 'ReportBody' });
export type ReportBody = z.infer<typeof ReportBody>;
export const CancelReportQuery = z.object({ postId: IdParam, postType: ReportedPostType });
export const ModerationPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const ModerationRequest = z
  .object({
    id: z.number().int(),
    postId: z.number().int(),
    postType: ReportedPostType,
    reportedBy: z.number().int(),
    reportedByName: z.string(),
    reporters: z.number().int().meta({ description: 'How many people reported the post in this request' }),
    reportedAt: z.string(),
    acknowledgedAt: z.string().nullable(),
    acknowledgedByName: z.string().nullable(),
    action: z.enum(['delete', 'keep']).nullable(),
  })
  .meta({ id: 'ModerationRequest' });
export const ModerationRequestPage = z.object({ requests: z.array(ModerationRequest), totalPages: z.number().int() });
export const AcknowledgeQuery = z.object({ action: z.enum(['delete', 'keep']) });
export const ModerationContentParams = z.object({ a: ReportedPostType, b: IdParam });
export const ModerationContent = z.object({
  postType: ReportedPostType,
  body: z.string().meta({ description: 'The post as its author last wrote it (rich text JSON or plain text)' }),
  author: z.string(),
});
export type ModerationRequest = z.infer<typeof ModerationRequest>;
export type ModerationRequestPage = z.infer<typeof ModerationRequestPage>;
export type ModerationContent = z.infer<typeof ModerationContent>;
