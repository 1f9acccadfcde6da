import type { DomainEvent } from '../kernel/messages.js';
import type { Personal } from '../users/user.events.js';

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
    /**
     * The author's words are their personal data: sealed with the author's key (`user-<authorId>`),
     * so deleting the account erases them from the log; `pii` reads null once the key is gone.
     */
    readonly piiSubject: string;
    /** `body`: the tiptap document as JSON text, as the schema check stored it. */
    readonly pii: Personal<{ readonly body: string }>;
    readonly mentions: readonly number[];
    readonly createdAt: string;
  }
>;

/** Every edit is an event, so the earlier versions of a post stay in its stream. */
export type PostEdited = DomainEvent<
  'PostEdited',
  {
    readonly postId: number;
    /** The author's subject, as on `PostCreated`; null on edits stored before bodies were sealed. */
    readonly piiSubject: string | null;
    readonly pii: Personal<{ readonly body: string }>;
    readonly mentions: readonly number[];
    readonly editedAt: string;
  }
>;

export type PostDeleted = DomainEvent<
  'PostDeleted',
  { readonly postId: number; readonly deletedBy: number | null; readonly byModerator: boolean; readonly deletedAt: string }
>;

export type PostEvent = PostCreated | PostEdited | PostDeleted;

export const postEventTypes = ['PostCreated', 'PostEdited', 'PostDeleted'] as const satisfies readonly PostEvent['type'][];

export const postStream = (postId: number): string => `post-${postId}`;

/** Whose key seals a post's body: its author's, the subject account deletion destroys. */
export const postPiiSubject = (authorId: number): string => `user-${authorId}`;
