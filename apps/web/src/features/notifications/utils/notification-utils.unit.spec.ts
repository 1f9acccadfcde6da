import { describe, expect, it } from '@jest/globals';
import type { Notification } from '@groundtruth/contracts';
import { lastNotificationId, mergeNotifications, withoutSeen } from './notification-list';
import { notificationHref } from './notification-link';
import { socketAddress } from './socket-address';

const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  notificationId: id,
  kind: 'comment',
  user: { id: 2, name: 'Ana' },
  createdAt: '2026-01-01T00:00:00Z',
  projectId: 4,
  bookmark: null,
  postId: 100 + id,
  seen: false,
  ...over,
});

describe('notification lists', () => {
  it('adds received notifications only if not present, newest first', () => {
    const sut = mergeNotifications([note(3), note(1)], [note(2), note(3, { kind: 'reply' }), note(5)]);
    expect(sut.map((n) => n.notificationId)).toEqual([5, 3, 2, 1]);
    expect(sut.find((n) => n.notificationId === 3)?.kind).toBe('comment');
  });

  it('removes the seen ones, and all of them for an empty list', () => {
    expect(withoutSeen([note(1), note(2), note(3)], [2]).map((n) => n.notificationId)).toEqual([1, 3]);
    expect(withoutSeen([note(1), note(2)], [])).toEqual([]);
  });

  it('answers the newest id held, 0 for none', () => {
    expect(lastNotificationId([note(3), note(9), note(4)])).toBe(9);
    expect(lastNotificationId([])).toBe(0);
  });
});

describe('where a notification leads', () => {
  it('goes to the project page with the comment in the hash', () => {
    expect(notificationHref(note(1, { projectId: 4, postId: 77 }))).toBe('/dashboard/projects/4#comment-id-77');
  });

  it('goes to a stored bookmark by its token', () => {
    expect(notificationHref(note(1, { projectId: null, bookmark: 'abc123', postId: 8 }))).toBe('/viz?v=abc123#comment-id-8');
  });

  it('goes to a bookmark written as JSON by the long form', () => {
    const href = notificationHref(note(1, { projectId: 3, bookmark: '{"v":1,"g":[],"s":[5]}', postId: 8 }));
    expect(href).toMatch(/^\/dashboard\/explore\?bookmark=.+#comment-id-8$/);
    expect(decodeURIComponent(href!.split('bookmark=')[1]!.split('#')[0]!)).toBe('{"v":1,"g":[],"s":[5]}');
  });

  it('leads nowhere for a post of neither', () => {
    expect(notificationHref(note(1, { projectId: null, bookmark: null }))).toBeNull();
  });
});

describe('the socket address', () => {
  it('puts the namespace on the API origin, the engine at the socket.io path', () => {
    expect(socketAddress('/api', 'http://localhost:3000')).toEqual({
      url: 'http://localhost:3000/notifications',
      path: '/socket.io',
    });
    expect(socketAddress('https://api.example.org/v2/', 'http://localhost:3000')).toEqual({
      url: 'https://api.example.org/notifications',
      path: '/socket.io',
    });
  });
});
