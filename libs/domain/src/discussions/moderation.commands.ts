import type { Command } from '../kernel/messages.js';
import type { ReportedPostType } from './moderation.events.js';

export type ReportPost = Command<
  'ReportPost',
  {
    readonly postId: number;
    readonly postType: ReportedPostType;
    /** An id taken beforehand, used only if this report opens a new request. */
    readonly newRequestId: number;
    /** The post's author, read by the handler: nobody reports their own post. */
    readonly authorId: number;
  }
>;
export type CancelReport = Command<'CancelReport', { readonly postId: number; readonly postType: ReportedPostType }>;
export type AcknowledgeReport = Command<
  'AcknowledgeReport',
  { readonly requestId: number; readonly postId: number; readonly postType: ReportedPostType; readonly action: 'delete' | 'keep' }
>;

export type ModerationCommand = ReportPost | CancelReport | AcknowledgeReport;
