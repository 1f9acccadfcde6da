import { request } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import type { Notification, NotificationClientEvents, NotificationServerEvents } from '../../libs/contracts/src/index.js';
import { outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { joinProject } from '../support/project-team.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

/**
 * Discussions, data events, notifications and moderation over HTTP and the live socket (issue 27),
 * each call with good input and bad: documents outside the editor's schema, `javascript:` links,
 * 10,000-deep nesting, 1 MB bodies, private projects, other people's posts.
 */
let sut: TestApp;
let mailbox: Mailbox;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;
let moderator: TestUser;
let moderator2: TestUser;
let publicProject = 0;
let privateProject = 0;
let bookmark = '';

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callAsReader(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });
const ok = async (method: string, path: string, token: string | null, body?: unknown) => {
  const reply = await call(method, path, token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as Record<string, unknown>;
};

const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content }] });
const text = (t: string) => ({ type: 'text', text: t });
const mention = (user: TestUser) => ({ type: 'mention', attrs: { id: user.id, label: user.name } });

type Post = {
  id: number;
  body: string;
  edited: boolean;
  deleted: boolean;
  threadId: number | null;
  userHasReported: boolean;
  replies?: Post[];
};
const post = async (token: string, p: Record<string, unknown>): Promise<Post> =>
  (await ok('POST', '/api/discussion', token, { post: p }))['post'] as Post;
const thread = async (projectId: number, token: string | null = owner.token) =>
  ((await ok('GET', `/api/discussion/projects/${projectId}`, token))['posts'] as Post[]) ?? [];
const notificationsOf = async (user: TestUser, query = '') =>
  (await ok('GET', `/api/notifications${query}`, user.token)) as { notifications: Notification[]; unread: number; total: number };

beforeAll(async () => {
  sut = await startTestApp({ AUTH_RATE_LIMIT: '100000' });
  mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Olive Owner' });
  member = await signUp(sut, mailbox, { name: 'Mia Member' });
  outsider = await signUp(sut, mailbox, { name: 'Otto Outsider' });
  admin = await signUp(sut, mailbox, { name: 'Ada Admin', admin: true });
  moderator = await signUp(sut, mailbox, { name: 'Mo Moderator', moderator: true });
  moderator2 = await signUp(sut, mailbox, { name: 'Max Moderator', moderator: true });
  const project = (name: string, privacy: number) => ({ name, description: 'd', goal: 'g', location: 'l', privacy });
  publicProject = (await ok('POST', '/api/projects', owner.token, project('River', 1)))['id'] as number;
  privateProject = (await ok('POST', '/api/projects', owner.token, project('Secret river', 0)))['id'] as number;
  await joinProject(sut.url, mailbox, owner, publicProject, member);
  await joinProject(sut.url, mailbox, owner, privateProject, member);
  bookmark = (await ok('POST', '/api/bookmarks/save', owner.token, { v: 1, g: [], s: [], p: [], c: null }))['token'] as string;
}, 120_000);
afterAll(async () => sut.close());

describe('comments', () => {
  it('writes a comment, a reply, an edit kept as an event, and a deletion that leaves a placeholder for replies', async () => {
    const top = await post(member.token, { projectId: publicProject, body: doc(text('Water rose')) });
    expect(top).toMatchObject({ threadId: null, edited: false, deleted: false, replies: [] });
    const reply = await post(owner.token, { threadId: top.id, body: 'Plain text is wrapped' });
    expect(reply.threadId).toBe(top.id);
    expect(JSON.parse(reply.body)).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [text('Plain text is wrapped')] }],
    });

    // One level of replies: a reply to a reply is refused.
    const deeper = await call('POST', '/api/discussion', outsider.token, { post: { threadId: reply.id, body: 'x' } });
    expect([deeper.status, deeper.body?.['code']]).toEqual([400, 'POST.REPLY_TO_REPLY']);

    const edited = (await ok('POST', `/api/discussion/${top.id}`, member.token, { body: doc(text('Water rose 2 m')) }))[
      'post'
    ] as Post;
    expect(edited).toMatchObject({ edited: true, body: doc(text('Water rose 2 m')) });
    // Every edit is an event: the earlier text is still in the post's stream.
    const stream = await sut.runtime.store.readStream(`post-${top.id}`);
    expect(stream.map((e) => e.type)).toEqual(['PostCreated', 'PostEdited']);
    expect((stream[0]!.data as { pii: { body: string } }).pii.body).toBe(doc(text('Water rose')));

    // Only the author edits or deletes.
    expect((await call('POST', `/api/discussion/${top.id}`, owner.token, { body: 'mine now' })).status).toBe(403);
    expect((await call('DELETE', `/api/discussion/${top.id}`, owner.token)).status).toBe(403);
    expect((await call('DELETE', `/api/discussion/${top.id}`, null)).status).toBe(401);

    expect((await call('DELETE', `/api/discussion/${top.id}`, member.token)).status).toBe(204);
    const placeholder = (await thread(publicProject)).find((p) => p.id === top.id);
    expect(placeholder).toMatchObject({ deleted: true, body: '', replies: [{ id: reply.id }] });

    // Without replies left, the placeholder goes too.
    expect((await call('DELETE', `/api/discussion/${reply.id}`, owner.token)).status).toBe(204);
    expect((await thread(publicProject)).find((p) => p.id === top.id)).toBeUndefined();
  });

  it('writes on a saved workspace by its token, and answers 404 for an unknown one', async () => {
    const p = await post(outsider.token, { bookmark, body: 'On the workspace' });
    const list = (await ok('GET', `/api/discussion?bookmark=${bookmark}`, null))['posts'] as Post[];
    expect(list.map((x) => x.id)).toEqual([p.id]);
    expect((await call('GET', '/api/discussion?bookmark=nosuchtoken0', null)).status).toBe(404);
    expect(
      (await call('POST', '/api/discussion', outsider.token, { post: { bookmark: 'nosuchtoken0', body: 'x' } })).status,
    ).toBe(404);
  });

  it.each([
    [
      'a javascript: link',
      JSON.stringify({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      }),
      'POST.LINK_NOT_ALLOWED',
    ],
    [
      'a data: link',
      JSON.stringify({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'data:text/html,<script>' } }] }],
          },
        ],
      }),
      'POST.LINK_NOT_ALLOWED',
    ],
    [
      'an unknown node',
      JSON.stringify({ type: 'doc', content: [{ type: 'script', content: [text('alert(1)')] }] }),
      'POST.BODY_INVALID',
    ],
    [
      'an unknown mark',
      JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'onclick' }] }] }],
      }),
      'POST.BODY_INVALID',
    ],
    ['an empty document', JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }), 'POST.EMPTY'],
    ['10,000-deep nesting inside the text', '{"type":"doc","content":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}', null],
  ])('refuses %s with a 400 and stores nothing', async (_case, body, code) => {
    const before = (await thread(publicProject)).length;
    const reply = await call('POST', '/api/discussion', member.token, { post: { projectId: publicProject, body } });
    expect(reply.status).toBe(400);
    if (code) expect(reply.body?.['code']).toBe(code);
    expect((await thread(publicProject)).length).toBe(before);
  });

  it('refuses a 10,000-deep request body and a 1 MB one without a 5xx', async () => {
    const raw = (payload: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${sut.url}/api/discussion`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${member.token}`,
              'content-length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    expect(await raw(`{"post":{"projectId":${publicProject},"body":"x","d":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`)).toBe(
      400,
    );
    const big = await raw(JSON.stringify({ post: { projectId: publicProject, body: 'x'.repeat(1_100_000) } }));
    expect([400, 413]).toContain(big);
    // Just under the request limit but over the post's: the contract refuses it.
    expect(await raw(JSON.stringify({ post: { projectId: publicProject, body: 'x'.repeat(900_000) } }))).toBe(400);
  });

  it("keeps a private project's comments from outsiders, and refuses them writing there", async () => {
    await post(member.token, { projectId: privateProject, body: 'Team only' });
    expect((await thread(privateProject, member.token)).length).toBe(1);
    expect((await call('GET', `/api/discussion/projects/${privateProject}`, outsider.token)).status).toBe(403);
    expect((await call('GET', `/api/discussion/projects/${privateProject}`, null)).status).toBe(403);
    expect(
      (await call('POST', '/api/discussion', outsider.token, { post: { projectId: privateProject, body: 'x' } })).status,
    ).toBe(403);
    expect((await call('POST', '/api/discussion', null, { post: { projectId: privateProject, body: 'x' } })).status).toBe(401);
  });
});

describe('notifications', () => {
  it('tells members of a comment, thread authors of a reply, the mentioned of a mention, never the author', async () => {
    const before = (await notificationsOf(member)).total;
    const top = await post(owner.token, { projectId: publicProject, body: doc(text('Hello team')) });
    const mine = (await notificationsOf(member)).notifications[0]!;
    expect(mine).toMatchObject({
      kind: 'comment',
      postId: top.id,
      projectId: publicProject,
      seen: false,
      user: { id: owner.id },
    });
    expect((await notificationsOf(owner)).notifications.some((n) => n.postId === top.id)).toBe(false);

    await post(member.token, { threadId: top.id, body: doc(text('Hi'), mention(outsider)) });
    const [toOwner] = (await notificationsOf(owner)).notifications;
    expect(toOwner).toMatchObject({ kind: 'reply', user: { id: member.id } });
    const [toOutsider] = (await notificationsOf(outsider)).notifications;
    expect(toOutsider).toMatchObject({ kind: 'mention', user: { id: member.id }, projectId: publicProject });

    // Newest first, with `since` for what a client missed, and filters.
    const all = await notificationsOf(member);
    expect(all.total).toBe(before + 1);
    expect((await notificationsOf(member, `?since=${mine.notificationId}`)).notifications).toEqual([]);
    expect((await notificationsOf(owner, '?filter=comment')).notifications.every((n) => n.kind === 'comment')).toBe(true);
  });

  it('never tells someone mentioned in a private project they may not read', async () => {
    const before = (await notificationsOf(outsider)).total;
    const p = await post(member.token, {
      projectId: privateProject,
      body: doc(text('Ask '), mention(outsider), text(' and '), mention(owner)),
    });
    expect(JSON.parse(p.body).content[0].content[1]).toEqual(mention(outsider));
    // The control: the owner, mentioned in the same post, is told.
    expect((await notificationsOf(owner)).notifications[0]).toMatchObject({ kind: 'mention', postId: p.id });
    expect((await notificationsOf(outsider)).total).toBe(before);
  });

  it('tells only the newly mentioned of an edit', async () => {
    const p = await post(owner.token, { projectId: publicProject, body: doc(text('Plain')) });
    const before = (await notificationsOf(outsider)).total;
    await ok('POST', `/api/discussion/${p.id}`, owner.token, { body: doc(text('Now '), mention(outsider)) });
    expect((await notificationsOf(outsider)).notifications[0]).toMatchObject({ kind: 'mention', postId: p.id });
    await ok('POST', `/api/discussion/${p.id}`, owner.token, { body: doc(text('Again '), mention(outsider)) });
    expect((await notificationsOf(outsider)).total).toBe(before + 1);
  });

  it('marks listed ids seen, and an empty list marks all', async () => {
    const { notifications, unread } = await notificationsOf(owner);
    expect(unread).toBeGreaterThan(1);
    expect((await call('POST', '/api/notifications/seen', owner.token, { ids: [notifications[0]!.notificationId] })).status).toBe(
      204,
    );
    const after = await notificationsOf(owner);
    expect(after.unread).toBe(unread - 1);
    expect(after.notifications[0]!.seen).toBe(true);
    expect((await call('POST', '/api/notifications/seen', owner.token, { ids: [] })).status).toBe(204);
    expect((await notificationsOf(owner)).unread).toBe(0);
    expect((await call('POST', '/api/notifications/seen', owner.token, { ids: ['x'] })).status).toBe(400);
    expect((await call('GET', '/api/notifications', null)).status).toBe(401);
  });
});

describe('the live socket at /notifications', () => {
  type Client = Socket<NotificationServerEvents, NotificationClientEvents>;
  const connect = async (user: TestUser, received: Notification[]): Promise<Client> => {
    const socket: Client = io(`${sut.url}/notifications`, { transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('notification', (n) => received.push(n));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const answer = await socket.emitWithAck('auth', user.token);
    if (!answer.ok) throw new Error(`auth refused: ${answer.code}`);
    return socket;
  };
  const waitFor = async (check: () => boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('refuses a socket without a valid token', async () => {
    const socket: Client = io(`${sut.url}/notifications`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await socket.emitWithAck('auth', 'not-a-token')).toMatchObject({ ok: false });
    socket.close();
  });

  it('delivers a notification live, and what was raised while away on asking since the last id', async () => {
    const live: Notification[] = [];
    const socket = await connect(outsider, live);
    const last = (await notificationsOf(outsider)).notifications[0]?.notificationId ?? 0;
    expect(await socket.emitWithAck('missed', last)).toEqual([]);
    await post(member.token, { projectId: publicProject, body: doc(text('Live '), mention(outsider)) });
    await waitFor(() => live.length === 1);
    expect(live[0]).toMatchObject({ kind: 'mention', user: { id: member.id } });
    socket.close();

    // Three raised while the client is away; it asks for what came after the last id it holds.
    const raised: number[] = [];
    for (let i = 0; i < 3; i++)
      raised.push((await post(member.token, { projectId: publicProject, body: doc(text(`${i} `), mention(outsider)) })).id);
    const again: Notification[] = [];
    const back = await connect(outsider, again);
    const missed = await back.emitWithAck('missed', live[0]!.notificationId);
    expect(missed.map((n) => n.postId)).toEqual(raised);
    await new Promise((r) => setTimeout(r, 300));
    expect(again).toEqual([]); // nothing twice
    back.close();
  });
});

describe('data events', () => {
  const event = (over: Record<string, unknown> = {}) => ({
    projectId: publicProject,
    title: doc(text('Flood')),
    description: '',
    start: '2026-05-01T10:00:00Z',
    end: '2026-05-01T12:00:00Z',
    allProjectSensors: true,
    ...over,
  });

  it('lets project Administrators and site admins mark one; members and outsiders may not', async () => {
    const created = (await ok('POST', '/api/data-events', owner.token, { event: event() }))['event'] as { id: number };
    expect((await call('POST', '/api/data-events', member.token, { event: event() })).status).toBe(403);
    expect((await call('POST', '/api/data-events', outsider.token, { event: event({ projectId: privateProject }) })).status).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/data-events', admin.token, { event: event({ projectId: undefined, bookmark }) })).status,
    ).toBe(400);
    const onBookmark = await call('POST', '/api/data-events', admin.token, {
      event: event({ projectId: undefined, bookmark, allProjectSensors: false, sensors: [] }),
    });
    expect([onBookmark.status, onBookmark.body?.['code']]).toEqual([400, 'DATA_EVENT.SENSORS_REQUIRED']);
    expect((await call('POST', '/api/data-events', owner.token, { event: event({ end: '2026-05-01T09:00:00Z' }) })).status).toBe(
      400,
    );
    expect(
      (
        await call('POST', '/api/data-events', owner.token, {
          event: event({ title: doc({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }) }),
        })
      ).status,
    ).toBe(400);

    const list = (await ok('GET', `/api/data-events/projects/${publicProject}`, null))['events'] as {
      id: number;
      type: string;
    }[];
    expect(list.map((e) => e.id)).toContain(created.id);
    const edited = (
      await ok('POST', `/api/data-events/${created.id}`, owner.token, {
        title: doc(text('Flood!')),
        start: '2026-05-01T10:00:00Z',
        end: '2026-05-01T11:00:00Z',
      })
    )['event'];
    expect(edited).toMatchObject({ end: '2026-05-01T11:00:00.000Z' });
    expect((await call('DELETE', `/api/data-events/${created.id}`, member.token)).status).toBe(403);
    expect((await call('DELETE', `/api/data-events/${created.id}`, owner.token)).status).toBe(204);
    expect((await call('DELETE', `/api/data-events/${created.id}`, owner.token)).status).toBe(404);
  });

  it('lets its author, the project Administrators and site admins edit one, scope included; nobody else', async () => {
    const created = (await ok('POST', '/api/data-events', admin.token, { event: event() }))['event'] as {
      id: number;
      canEdit: boolean;
    };
    const station = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'Gauge' }))['id'] as number;
    const fields = { title: doc(text('Flood')), start: '2026-05-01T10:00:00Z', end: '2026-05-01T12:00:00Z' };
    const seenBy = async (token: string | null) =>
      (
        (await ok('GET', `/api/data-events/projects/${publicProject}`, token))['events'] as { id: number; canEdit: boolean }[]
      ).find((e) => e.id === created.id)?.canEdit;
    expect([await seenBy(admin.token), await seenBy(owner.token), await seenBy(member.token), await seenBy(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // The project's Administrator (not its author) moves the end and narrows the scope to one sensor.
    const edited = (
      await ok('POST', `/api/data-events/${created.id}`, owner.token, {
        ...fields,
        end: '2026-05-01T14:00:00Z',
        allProjectSensors: false,
        sensors: [{ stationId: station, sensorId: 3 }],
      })
    )['event'];
    expect(edited).toMatchObject({
      end: '2026-05-01T14:00:00.000Z',
      allProjectSensors: false,
      sensors: [{ stationId: station, sensorId: 3 }],
    });
    const stream = await sut.runtime.store.readStream(`data-event-${created.id}`);
    expect(stream.map((e) => e.type)).toEqual(['DataEventCreated', 'DataEventEdited', 'DataEventRescoped']);
    expect(stream[2]?.metadata).toMatchObject({ userId: owner.id });
    // The chart's ask by station finds it now.
    const onCharts = (await ok('GET', `/api/data-events?stations=${station}`, owner.token))['events'] as { id: number }[];
    expect(onCharts.map((e) => e.id)).toContain(created.id);

    // Members and outsiders may not; signed out is 401; bad scopes and times are 400s naming the field.
    expect((await call('POST', `/api/data-events/${created.id}`, member.token, fields)).status).toBe(403);
    expect((await call('POST', `/api/data-events/${created.id}`, outsider.token, fields)).status).toBe(403);
    expect((await call('POST', `/api/data-events/${created.id}`, null, fields)).status).toBe(401);
    const noSensors = await call('POST', `/api/data-events/${created.id}`, admin.token, { ...fields, allProjectSensors: false });
    expect([noSensors.status, noSensors.body?.['code']]).toEqual([400, 'DATA_EVENT.SENSORS_REQUIRED']);
    const backwards = await call('POST', `/api/data-events/${created.id}`, admin.token, {
      ...fields,
      end: '2026-05-01T09:00:00Z',
    });
    expect([backwards.status, backwards.body?.['errors']]).toEqual([400, { end: 'The end cannot be before the start.' }]);
    // Back to all the project's sensors, by the site admin.
    expect(
      (await ok('POST', `/api/data-events/${created.id}`, admin.token, { ...fields, allProjectSensors: true }))['event'],
    ).toMatchObject({ allProjectSensors: true, sensors: [] });
  });

  it("keeps a private project's events from outsiders", async () => {
    await ok('POST', '/api/data-events', owner.token, { event: event({ projectId: privateProject }) });
    expect((await call('GET', `/api/data-events/projects/${privateProject}`, outsider.token)).status).toBe(403);
    expect(((await ok('GET', `/api/data-events/projects/${privateProject}`, member.token))['events'] as unknown[]).length).toBe(
      1,
    );
  });
});

describe('reports and moderation', () => {
  it('walks a report through to a moderator deleting the post', async () => {
    const p = await post(member.token, { projectId: publicProject, body: 'Rude words' });
    expect((await call('POST', '/api/moderation', member.token, { postId: p.id, postType: 'discussion_post' })).status).toBe(403);
    expect((await call('POST', '/api/moderation', outsider.token, { postId: p.id, postType: 'discussion_post' })).status).toBe(
      204,
    );
    // A second reporter joins the open request.
    expect((await call('POST', '/api/moderation', owner.token, { postId: p.id, postType: 'discussion_post' })).status).toBe(204);
    expect((await thread(publicProject, outsider.token)).find((x) => x.id === p.id)?.userHasReported).toBe(true);

    expect((await call('GET', '/api/moderation/requests', outsider.token)).status).toBe(403);
    expect((await call('GET', '/api/moderation/requests', admin.token)).status).toBe(403);
    const queue = (await ok('GET', '/api/moderation/requests?page=0', moderator.token)) as {
      requests: { id: number; postId: number; reporters: number; acknowledgedAt: string | null }[];
      totalPages: number;
    };
    const request = queue.requests.find((r) => r.postId === p.id)!;
    expect(request).toMatchObject({ reporters: 2, acknowledgedAt: null });
    expect(queue.requests.filter((r) => r.postId === p.id)).toHaveLength(1);

    const content = await ok('GET', `/api/moderation/content/discussion_post/${p.id}`, moderator.token);
    expect(JSON.parse(content['body'] as string).content[0].content[0].text).toBe('Rude words');
    expect((await call('GET', `/api/moderation/content/discussion_post/${p.id}`, outsider.token)).status).toBe(403);

    // Two moderators at once: one wins, the other gets 409 and the outcome in the message.
    const [a, b] = await Promise.all([
      call('POST', `/api/moderation/requests/${request.id}/acknowledge?action=delete`, moderator.token),
      call('POST', `/api/moderation/requests/${request.id}/acknowledge?action=keep`, moderator2.token),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body?.['code']).toBe('MODERATION.ALREADY_ACKNOWLEDGED');
    const done = winner.body as { action: string; acknowledgedAt: string | null };
    expect(done.acknowledgedAt).not.toBeNull();
    if (done.action === 'delete') {
      expect(loser.body?.['message']).toMatch(/deleted/);
      expect((await thread(publicProject)).find((x) => x.id === p.id)).toBeUndefined();
      const events = await sut.runtime.store.readStream(`post-${p.id}`);
      expect(events.at(-1)).toMatchObject({ type: 'PostDeleted', data: { byModerator: true, deletedBy: moderator.id } });
    } else expect(loser.body?.['message']).toMatch(/kept/);
    const log = (await sut.runtime.store.readStream(`moderation-post-${p.id}`)).map((e) => [e.type, e.metadata.userId]);
    expect(log).toEqual([
      ['PostReported', outsider.id],
      ['PostReported', owner.id],
      ['ReportAcknowledged', done.action === 'delete' ? moderator.id : moderator2.id],
    ]);
  });

  it('lets a reporter cancel their own report, and nobody else', async () => {
    const p = await post(member.token, { projectId: publicProject, body: 'Maybe rude' });
    expect((await call('POST', '/api/moderation', outsider.token, { postId: p.id, postType: 'discussion_post' })).status).toBe(
      204,
    );
    expect((await call('DELETE', `/api/moderation/cancel?postId=${p.id}&postType=discussion_post`, owner.token)).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/moderation/cancel?postId=${p.id}&postType=discussion_post`, outsider.token)).status).toBe(
      204,
    );
    const queue = (await ok('GET', '/api/moderation/requests?pageSize=100', moderator.token)) as {
      requests: { postId: number }[];
    };
    expect(queue.requests.some((r) => r.postId === p.id)).toBe(false);
    expect((await call('POST', '/api/moderation', outsider.token, { postId: 999999, postType: 'discussion_post' })).status).toBe(
      404,
    );
    expect((await call('POST', '/api/moderation', outsider.token, { postId: p.id, postType: 'nonsense' })).status).toBe(400);
  });
});
