import type { DomainEvent } from '../kernel/messages.js';

/** Where a post is written: a project's page, or an explore workspace (its bookmark token). */
export type PostTarget =
  { readonly projectId: number; readonly bookmark: null } | { readonly projectId: null; readonly bookmark: string };

export type PostCreated = DomainEvent<
  'PostCreated',
  {
    readonly postId: number;
    readonly authorId: number;
    readonly projectId: number | null;
    readonly bookmark: string | null;
    /** The top-level post this one replies to; null for a top-level post. */
    readonly threadId: number | null;
    /** The tiptap document as JSON text, as the schema check stored it. */
    readonly body: string;
    readonly mentions: readonly number[];
    readonly createdAt: string;
  }
>;

/** Every edit is an event, so the earlier versions of a post stay in its stream. */
export type PostEdited = DomainEvent<
  'PostEdited',
  { readonly postId: number; readonly body: string; readonly mentions: readonly number[]; readonly editedAt: string }
>;

export type PostDeleted = DomainEvent<
  'PostDeleted',
  { readonly postId: number; readonly deletedBy: number | null; readonly byModerator: boolean; readonly deletedAt: string }
>;

export type PostEvent = PostCreated | PostEdited | PostDeleted;

export const postEventTypes = ['PostCreated', 'PostEdited', 'PostDeleted'] as const satisfies readonly PostEvent['type'][];

export const postStream = (postId: number): string => `post-${postId}`;
