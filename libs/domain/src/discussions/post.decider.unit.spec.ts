import { createUpcasters } from '../event-upcasters.js';
import { fold } from '../kernel/decider.js';
import { specFor, testMetadata } from '../testing/index.js';
import type { ThreadFacts } from './post.commands.js';
import { newlyMentioned, postDecider } from './post.decider.js';
import type { PostCreated, PostDeleted, PostEvent } from './post.events.js';

const sut = specFor(postDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });
const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const withMention = (id: number) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id, label: 'x' } }] }] });

const created: PostCreated = {
  type: 'PostCreated',
  data: {
    postId: 5,
    authorId: 7,
    projectId: 3,
    bookmark: null,
    threadId: null,
    piiSubject: 'user-7',
    pii: { body: doc('Water rose') },
    mentions: [],
    createdAt: meta.now,
  },
};
const liveThread: ThreadFacts = { postId: 5, status: 'live', threadId: null, target: { projectId: 3, bookmark: null } };

describe('post decider', () => {
  it('creates a comment on a project with its canonical body', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreatePost',
          data: { postId: 5, authorId: 7, target: { projectId: 3, bookmark: null }, thread: null, body: doc('Water rose') },
        },
        meta,
      )
      .then([created]);
  });

  it('wraps plain text and stores mentions as ids', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreatePost',
          data: { postId: 6, authorId: 7, target: { projectId: null, bookmark: 'abc' }, thread: null, body: withMention(12) },
        },
        meta,
      )
      .then([
        {
          type: 'PostCreated',
          data: {
            postId: 6,
            authorId: 7,
            projectId: null,
            bookmark: 'abc',
            threadId: null,
            piiSubject: 'user-7',
            pii: { body: withMention(12) },
            mentions: [12],
            createdAt: meta.now,
          },
        },
      ]);
  });

  it('puts a reply where its thread is, whatever the request said', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreatePost',
          data: { postId: 9, authorId: 8, target: { projectId: 99, bookmark: null }, thread: liveThread, body: 'yes' },
        },
        meta,
      )
      .then([
        {
          type: 'PostCreated',
          data: {
            postId: 9,
            authorId: 8,
            projectId: 3,
            bookmark: null,
            threadId: 5,
            piiSubject: 'user-8',
            pii: { body: doc('yes') },
            mentions: [],
            createdAt: meta.now,
          },
        },
      ]);
  });

  it('refuses a reply to a reply, to a deleted thread and to a missing one', () => {
    const reply = (thread: ThreadFacts) =>
      sut.given([]).when({ type: 'CreatePost', data: { postId: 9, authorId: 8, target: null, thread, body: 'x' } }, meta);
    reply({ ...liveThread, threadId: 4 }).thenThrows({ kind: 'validation', code: 'POST.REPLY_TO_REPLY' });
    reply({ ...liveThread, status: 'deleted' }).thenThrows({ kind: 'conflict', code: 'POST.THREAD_DELETED' });
    reply({ ...liveThread, status: 'absent', target: null }).thenThrows({ kind: 'not_found' });
  });

  it('refuses a body outside the editor schema', () => {
    const body = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    });
    sut
      .given([])
      .when(
        { type: 'CreatePost', data: { postId: 5, authorId: 7, target: { projectId: 3, bookmark: null }, thread: null, body } },
        meta,
      )
      .thenThrows({ kind: 'validation', code: 'POST.LINK_NOT_ALLOWED' });
  });

  it('edits as the author, decides nothing for the same body, refuses others', () => {
    sut
      .given([created])
      .when({ type: 'EditPost', data: { postId: 5, body: withMention(4) } }, meta)
      .then([
        {
          type: 'PostEdited',
          data: {
            postId: 5,
            piiSubject: 'user-7',
            pii: { body: withMention(4) },
            mentions: [4],
            editedAt: meta.now,
          },
        },
      ]);
    sut
      .given([created])
      .when({ type: 'EditPost', data: { postId: 5, body: created.data.pii!.body } }, meta)
      .then([]);
    sut
      .given([created])
      .when({ type: 'EditPost', data: { postId: 5, body: doc('mine now') } }, testMetadata({ userId: 8 }))
      .thenThrows({ kind: 'forbidden', code: 'POST.NOT_AUTHOR' });
  });

  it('deletes once, by its author or through moderation', () => {
    const deleted: PostDeleted = {
      type: 'PostDeleted',
      data: { postId: 5, deletedBy: 7, byModerator: false, deletedAt: meta.now },
    };
    sut
      .given([created])
      .when({ type: 'DeletePost', data: { postId: 5, byModerator: false } }, meta)
      .then([deleted]);
    sut
      .given([created])
      .when({ type: 'DeletePost', data: { postId: 5, byModerator: false } }, testMetadata({ userId: 8 }))
      .thenThrows({ kind: 'forbidden' });
    sut
      .given([created])
      .when({ type: 'DeletePost', data: { postId: 5, byModerator: true } }, testMetadata({ userId: 8, now: meta.now }))
      .then([{ type: 'PostDeleted', data: { postId: 5, deletedBy: 8, byModerator: true, deletedAt: meta.now } }]);
    sut
      .given([created, deleted])
      .when({ type: 'DeletePost', data: { postId: 5, byModerator: false } }, meta)
      .thenThrows({ kind: 'not_found' });
    sut
      .given([created, deleted])
      .when({ type: 'EditPost', data: { postId: 5, body: 'x' } }, meta)
      .thenThrows({ kind: 'not_found' });
  });

  it('tells only the newly mentioned of an edit', () => {
    expect(newlyMentioned([1, 2], [2, 3, 1, 4])).toEqual([3, 4]);
  });

  it("folds an erased author's post (its body opened as null) to an empty body, replies and status kept", () => {
    // given a post whose sealed body reads null: the author's key was destroyed
    const erased: PostCreated = { ...created, data: { ...created.data, pii: null } };
    // when the decider folds it
    const state = fold(postDecider, [erased]);
    // then the post is live, its words gone
    expect(state).toMatchObject({ status: 'live', postId: 5, authorId: 7, body: '' });
    // control: the same post with its key folds to its words
    expect(fold(postDecider, [created])).toMatchObject({ body: doc('Water rose') });
  });

  it('reads a post stored before bodies were sealed in the current shape', () => {
    // given the first release's shapes, body in clear
    const registry = createUpcasters();
    const old = {
      type: 'PostCreated',
      data: {
        postId: 5,
        authorId: 7,
        projectId: 3,
        bookmark: null,
        threadId: null,
        body: 'hi',
        mentions: [],
        createdAt: meta.now,
      },
    };
    const oldEdit = { type: 'PostEdited', data: { postId: 5, body: 'bye', mentions: [], editedAt: meta.now } };
    // when they are upcast
    const upcast = registry.upcast(old);
    // then the body sits under pii, sealed-to-be under the author's subject, and the fold reads it
    expect(upcast.data).toEqual({
      postId: 5,
      authorId: 7,
      projectId: 3,
      bookmark: null,
      threadId: null,
      piiSubject: 'user-7',
      pii: { body: 'hi' },
      mentions: [],
      createdAt: meta.now,
    });
    expect(registry.upcast(oldEdit).data).toEqual({
      postId: 5,
      piiSubject: null,
      pii: { body: 'bye' },
      mentions: [],
      editedAt: meta.now,
    });
    expect(fold(postDecider, [upcast, registry.upcast(oldEdit)] as PostEvent[])).toMatchObject({ body: 'bye', edits: 1 });
    // control: a current event passes unchanged, and the old shape itself has no pii
    expect(registry.upcast(created)).toBe(created);
    expect('pii' in old.data).toBe(false);
  });
});
