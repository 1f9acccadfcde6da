import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { PostCommand } from './post.commands.js';
import { postPiiSubject, type PostEvent, type PostTarget } from './post.events.js';
import { checkRichText } from './rich-text.js';

export type PostState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'live' | 'deleted';
      readonly postId: number;
      readonly authorId: number;
      readonly target: PostTarget;
      readonly threadId: number | null;
      /** '' once the author's account is deleted (their key destroyed): the words are gone. */
      readonly body: string;
      readonly mentions: readonly number[];
      readonly edits: number;
    };

export const postMessages = {
  notFound: 'This comment does not exist.',
  notAuthor: 'Only its author may change this comment.',
  replyToReply: 'Replies are one level deep: answer the comment this reply belongs to.',
  threadGone: 'The comment you are answering has been deleted.',
  noTarget: 'A comment belongs to a project or to a saved workspace.',
} as const;

const notFound = () => new DomainError('not_found', 'POST.NOT_FOUND', postMessages.notFound);

const targetOf = (projectId: number | null, bookmark: string | null): PostTarget =>
  projectId !== null ? { projectId, bookmark: null } : { projectId: null, bookmark: bookmark ?? '' };

/** One discussion post (`post-{id}`): a comment or a reply, its edits, its deletion. */
export const postDecider: Decider<PostState, PostCommand, PostEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        return {
          status: 'live',
          postId: d.postId,
          authorId: d.authorId,
          target: targetOf(d.projectId, d.bookmark),
          threadId: d.threadId,
          body: d.pii?.body ?? '',
          mentions: d.mentions,
          edits: 0,
        };
      }
      case 'PostEdited':
        return state.status === 'live'
          ? { ...state, body: event.data.pii?.body ?? '', mentions: event.data.mentions, edits: state.edits + 1 }
          : state;
      case 'PostDeleted':
        return state.status === 'live' ? { ...state, status: 'deleted' } : state;
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'CreatePost': {
        if (state.status !== 'absent') throw new DomainError('conflict', 'POST.ALREADY_EXISTS', 'This comment already exists.');
        const { postId, authorId, thread } = command.data;
        let target = command.data.target;
        if (thread) {
          if (thread.status === 'absent' || !thread.target) throw notFound();
          if (thread.status === 'deleted') throw new DomainError('conflict', 'POST.THREAD_DELETED', postMessages.threadGone);
          if (thread.threadId !== null)
            throw DomainError.validation(
              'POST.REPLY_TO_REPLY',
              { threadId: postMessages.replyToReply },
              postMessages.replyToReply,
            );
          // A reply lives where its thread lives, whatever the request said.
          target = thread.target;
        }
        if (!target || (target.projectId === null && !target.bookmark))
          throw DomainError.validation('POST.TARGET_REQUIRED', { projectId: postMessages.noTarget }, postMessages.noTarget);
        const checked = checkRichText(command.data.body);
        return [
          {
            type: 'PostCreated',
            data: {
              postId,
              authorId,
              projectId: target.projectId,
              bookmark: target.bookmark,
              threadId: thread ? thread.postId : null,
              piiSubject: postPiiSubject(authorId),
              pii: { body: checked.body },
              mentions: checked.mentions,
              createdAt: meta.now,
            },
          },
        ];
      }
      case 'EditPost': {
        if (state.status !== 'live') throw notFound();
        if (meta.userId !== state.authorId) throw new DomainError('forbidden', 'POST.NOT_AUTHOR', postMessages.notAuthor);
        const checked = checkRichText(command.data.body);
        if (checked.body === state.body) return [];
        return [
          {
            type: 'PostEdited',
            data: {
              postId: state.postId,
              piiSubject: postPiiSubject(state.authorId),
              pii: { body: checked.body },
              mentions: checked.mentions,
              editedAt: meta.now,
            },
          },
        ];
      }
      case 'DeletePost': {
        if (state.status !== 'live') throw notFound();
        const { byModerator } = command.data;
        if (!byModerator && meta.userId !== state.authorId)
          throw new DomainError('forbidden', 'POST.NOT_AUTHOR', postMessages.notAuthor);
        return [
          { type: 'PostDeleted', data: { postId: state.postId, deletedBy: meta.userId, byModerator, deletedAt: meta.now } },
        ];
      }
    }
  },
};

/** People mentioned by an edit who were not mentioned before: only they are told of it. */
export const newlyMentioned = (before: readonly number[], after: readonly number[]): number[] =>
  after.filter((id) => !before.includes(id));
