import { randomUUID } from 'node:crypto';
import {
  dataEventDecider,
  dataEventStream,
  moderationDecider,
  moderationStream,
  notificationInboxDecider,
  notificationInboxStream,
  postDecider,
  postStream,
  projectStream,
  type DataEventCommand,
  type ModerationCommand,
  type PostCommand,
  type ThreadFacts,
} from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 3, 1);
const meta = (userId: number | null) => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId, now: new Date(clock).toISOString() };
};
const eventMeta = (userId: number | null) => {
  const m = meta(userId);
  return { eventId: randomUUID(), correlationId: m.correlationId, causationId: m.causationId, userId, occurredAt: m.now };
};

export const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content }] });
export const text = (t: string) => ({ type: 'text', text: t });
export const mention = (id: number) => ({ type: 'mention', attrs: { id, label: `user ${id}` } });

/** The people of one project of the history: its owner, a member, an outsider, someone mentioned later, a moderator. */
export const discussionCast = (projectId: number) => {
  const base = 10_000 + (projectId % 100_000) * 10;
  return { owner: base, member: base + 1, outsider: base + 2, later: base + 3, moderator: 9_999 };
};

/**
 * A discussion's life on `projects` projects from `firstProject` (even ones public, odd ones
 * private), through the real deciders: the owner's comment mentioning the member and the outsider,
 * replies, an edit that mentions someone new, a comment deleted, data events marked, edited and
 * deleted, reports kept, cancelled (then reported again, left open) and deleted by a moderator, notifications marked seen, and the
 * member leaving at the end. Post ids are `firstPost + …`, ten per project.
 */
export const appendDiscussionHistory = async (
  store: EventStore,
  options: { projects: number; firstProject: number; firstPost: number },
) => {
  for (let i = 0; i < options.projects; i++) {
    const projectId = options.firstProject + i;
    const isPublic = i % 2 === 0;
    const cast = discussionCast(projectId);
    const pid = (n: number) => options.firstPost + i * 10 + n;
    await store.append(
      projectStream(projectId),
      [
        {
          type: 'ProjectCreated',
          data: {
            projectId,
            slug: `d-${projectId}`,
            name: `Discussed ${projectId}`,
            description: 'd',
            goal: 'g',
            location: 'l',
            tags: [],
            privacy: isPublic ? 1 : 0,
            showStations: true,
            bounds: null,
            startTime: null,
            endTime: null,
            createdBy: cast.owner,
            createdAt: meta(null).now,
          },
          metadata: eventMeta(cast.owner),
        },
        {
          type: 'ProjectInviteAccepted',
          data: { projectId, inviteId: 0, userId: cast.member, role: 'member', acceptedAt: meta(null).now },
          metadata: eventMeta(cast.member),
        },
      ],
      'no_stream',
    );
    const posts = async (postId: number, command: PostCommand, by: number) =>
      decideAndAppend(store, postDecider, postStream(postId), command, meta(by));
    const thread = (postId: number): ThreadFacts => ({
      postId,
      status: 'live',
      threadId: null,
      target: { projectId, bookmark: null },
    });
    const target = { projectId, bookmark: null };
    await posts(
      pid(0),
      {
        type: 'CreatePost',
        data: {
          postId: pid(0),
          authorId: cast.owner,
          target,
          thread: null,
          body: doc(text('Look '), mention(cast.member), mention(cast.outsider)),
        },
      },
      cast.owner,
    );
    await posts(
      pid(1),
      { type: 'CreatePost', data: { postId: pid(1), authorId: cast.member, target, thread: thread(pid(0)), body: 'Seen it' } },
      cast.member,
    );
    await posts(
      pid(2),
      { type: 'CreatePost', data: { postId: pid(2), authorId: cast.outsider, target, thread: thread(pid(0)), body: 'Me too' } },
      cast.outsider,
    );
    await posts(
      pid(0),
      { type: 'EditPost', data: { postId: pid(0), body: doc(text('Look again '), mention(cast.member), mention(cast.later)) } },
      cast.owner,
    );
    await posts(
      pid(3),
      { type: 'CreatePost', data: { postId: pid(3), authorId: cast.member, target, thread: null, body: 'Oops' } },
      cast.member,
    );
    await posts(pid(3), { type: 'DeletePost', data: { postId: pid(3), byModerator: false } }, cast.member);

    const events = async (eventId: number, command: DataEventCommand, by: number) =>
      decideAndAppend(store, dataEventDecider, dataEventStream(eventId), command, meta(by));
    const fields = {
      title: doc(text('Flood')),
      description: '',
      start: '2026-04-01T10:00:00.000Z',
      end: '2026-04-01T12:00:00.000Z',
    };
    await events(
      pid(4),
      {
        type: 'CreateDataEvent',
        data: {
          ...fields,
          eventId: pid(4),
          authorId: cast.owner,
          projectId,
          bookmark: null,
          scope: { kind: 'project', projectId },
        },
      },
      cast.owner,
    );
    await events(
      pid(4),
      { type: 'EditDataEvent', data: { ...fields, eventId: pid(4), end: '2026-04-01T13:00:00.000Z' } },
      cast.owner,
    );
    // Narrowed to one sensor by an edit (DataEventRescoped).
    await events(
      pid(4),
      {
        type: 'EditDataEvent',
        data: {
          ...fields,
          eventId: pid(4),
          end: '2026-04-01T13:00:00.000Z',
          scope: { kind: 'sensors', sensors: [{ stationId: 7, sensorId: 3 }] },
        },
      },
      cast.owner,
    );
    await events(
      pid(5),
      {
        type: 'CreateDataEvent',
        data: {
          ...fields,
          eventId: pid(5),
          authorId: cast.owner,
          projectId,
          bookmark: null,
          scope: { kind: 'sensors', sensors: [{ stationId: 7, sensorId: 3 }] },
        },
      },
      cast.owner,
    );
    await events(pid(5), { type: 'DeleteDataEvent', data: { eventId: pid(5), byModerator: false } }, cast.owner);

    const moderation = async (postId: number, command: ModerationCommand, by: number) =>
      decideAndAppend(store, moderationDecider, moderationStream('discussion_post', postId), command, meta(by));
    const report = (postId: number, authorId: number, requestId: number) =>
      ({ type: 'ReportPost', data: { postId, postType: 'discussion_post', newRequestId: requestId, authorId } }) as const;
    // The comment reported twice (one request) and kept; a reply reported and withdrawn; another reported and deleted.
    await moderation(pid(0), report(pid(0), cast.owner, pid(6)), cast.member);
    await moderation(pid(0), report(pid(0), cast.owner, pid(7)), cast.outsider);
    await moderation(
      pid(0),
      { type: 'AcknowledgeReport', data: { requestId: pid(6), postId: pid(0), postType: 'discussion_post', action: 'keep' } },
      cast.moderator,
    );
    await moderation(pid(1), report(pid(1), cast.member, pid(8)), cast.outsider);
    await moderation(pid(1), { type: 'CancelReport', data: { postId: pid(1), postType: 'discussion_post' } }, cast.outsider);
    // The owner reports the reply afterwards: a new request, left open.
    await moderation(pid(1), report(pid(1), cast.member, options.firstPost + 100_000 + i), cast.owner);
    await moderation(pid(2), report(pid(2), cast.outsider, pid(9)), cast.owner);
    await moderation(
      pid(2),
      { type: 'AcknowledgeReport', data: { requestId: pid(9), postId: pid(2), postType: 'discussion_post', action: 'delete' } },
      cast.moderator,
    );
    await posts(pid(2), { type: 'DeletePost', data: { postId: pid(2), byModerator: true } }, cast.moderator);

    await decideAndAppend(
      store,
      notificationInboxDecider,
      notificationInboxStream(cast.owner),
      { type: 'MarkNotificationsSeen', data: { userId: cast.owner, ids: [], upTo: Number.MAX_SAFE_INTEGER } },
      meta(cast.owner),
    );
    await store.append(
      projectStream(projectId),
      [
        {
          type: 'ProjectMemberRemoved',
          data: { projectId, userId: cast.member, removedBy: cast.owner, removedAt: meta(null).now },
          metadata: eventMeta(cast.owner),
        },
      ],
      1n,
    );
  }
};
