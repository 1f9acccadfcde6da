import type { Command } from '../kernel/messages.js';
import type { PostTarget } from './post.events.js';

/** What the handler read of the post a reply answers (another stream), for the decider to judge. */
export type ThreadFacts = {
  readonly postId: number;
  readonly status: 'absent' | 'live' | 'deleted';
  /** The thread's own thread: a reply to a reply is refused (one level of replies). */
  readonly threadId: number | null;
  readonly target: PostTarget | null;
};

export type CreatePost = Command<
  'CreatePost',
  {
    readonly postId: number;
    readonly authorId: number;
    readonly target: PostTarget | null;
    readonly thread: ThreadFacts | null;
    readonly body: string;
  }
>;
export type EditPost = Command<'EditPost', { readonly postId: number; readonly body: string }>;
/** `byModerator` is set only by the moderation flow, after the policy let a moderator act. */
export type DeletePost = Command<'DeletePost', { readonly postId: number; readonly byModerator: boolean }>;

export type PostCommand = CreatePost | EditPost | DeletePost;
