import { notificationsFor, reconnectDelayMs } from './notification.rules.js';

const everyone = () => true;

describe('notificationsFor', () => {
  it('tells a project members of a top-level comment, never its author', () => {
    expect(
      notificationsFor({
        authorId: 1,
        threadId: null,
        threadAuthors: [],
        projectMembers: [1, 2, 3],
        mentioned: [],
        mayRead: everyone,
      }),
    ).toEqual([
      { userId: 2, kind: 'comment' },
      { userId: 3, kind: 'comment' },
    ]);
  });

  it('tells the thread authors of a reply, and a mention wins over a reply', () => {
    expect(
      notificationsFor({
        authorId: 2,
        threadId: 5,
        threadAuthors: [1, 2, 3],
        projectMembers: [1, 2, 3, 4],
        mentioned: [3, 6],
        mayRead: everyone,
      }),
    ).toEqual([
      { userId: 1, kind: 'reply' },
      { userId: 3, kind: 'mention' },
      { userId: 6, kind: 'mention' },
    ]);
  });

  it('never tells someone who may not read the post, even when mentioned', () => {
    expect(
      notificationsFor({
        authorId: 2,
        threadId: null,
        threadAuthors: [],
        projectMembers: [1],
        mentioned: [9],
        mayRead: (id) => id !== 9,
      }),
    ).toEqual([{ userId: 1, kind: 'comment' }]);
  });

  it('does not tell the author of their own mention', () => {
    expect(
      notificationsFor({ authorId: 2, threadId: null, threadAuthors: [], projectMembers: [], mentioned: [2], mayRead: everyone }),
    ).toEqual([]);
  });
});

describe('reconnectDelayMs', () => {
  it('grows by Fibonacci from 1 s and stops at 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(reconnectDelayMs)).toEqual([
      1000, 1000, 2000, 3000, 5000, 8000, 13000, 21000, 34000, 55000, 60000,
    ]);
  });
});
