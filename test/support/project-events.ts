import { randomUUID } from 'node:crypto';
import { projectDecider, projectInviteSubject, projectStream, type ProjectCommand } from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore, type SubjectKeyStore } from '../../libs/platform/src/index.js';

const meta = (i: number) => ({
  eventId: randomUUID(),
  correlationId: 'seed',
  causationId: 'seed',
  userId: null,
  occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
});

/** Writes `projects` ProjectCreated streams, each followed by `updates` ProjectUpdated events. */
export const appendProjectHistory = async (
  store: EventStore,
  options: { projects: number; updates: number; firstId?: number; concurrency?: number },
) => {
  const first = options.firstId ?? 1;
  const ids = Array.from({ length: options.projects }, (_, i) => first + i);
  const work = async (id: number) => {
    await store.append(
      projectStream(id),
      [
        {
          type: 'ProjectCreated',
          data: {
            projectId: id,
            slug: `p-${id}`,
            name: `Project ${id}`,
            description: 'd',
            goal: 'g',
            location: 'l',
            tags: ['t'],
            privacy: id % 5 === 0 ? 0 : 1,
            showStations: true,
            bounds: null,
            startTime: null,
            endTime: null,
            createdBy: null,
            createdAt: meta(id).occurredAt,
          },
          metadata: meta(id),
        },
      ],
      'no_stream',
    );
    for (let u = 0; u < options.updates; u++) {
      await store.append(
        projectStream(id),
        [
          {
            type: 'ProjectUpdated',
            data: { projectId: id, changes: { goal: `goal ${u}`, tags: [`t${u}`] }, updatedAt: meta(id + u).occurredAt },
            metadata: meta(u),
          },
        ],
        BigInt(u),
      );
    }
  };
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await work(id);
    }),
  );
};

/**
 * The rest of a project's life, through the real decider, on projects `appendProjectHistory` made:
 * follows, updates posted, edited and deleted, stations added and removed, a photo, invitations
 * accepted, declined, withdrawn and left pending (answered ones have their sealed address erased, as
 * the API does), roles changed, members removed, and every seventh project deleted.
 */
export const appendProjectTeamHistory = async (
  store: EventStore,
  keys: SubjectKeyStore,
  options: { projects: number; firstId?: number },
) => {
  const first = options.firstId ?? 1;
  let clock = Date.UTC(2026, 1, 1);
  let nextInvite = first * 10;
  for (let projectId = first; projectId < first + options.projects; projectId++) {
    const stream = projectStream(projectId);
    const run = async (data: ProjectCommand) => {
      clock += 1000;
      const meta = { correlationId: 'seed', causationId: 'seed', userId: 500, now: new Date(clock).toISOString() };
      await decideAndAppend(store, projectDecider, stream, data, meta);
    };
    const [accepted, declined, cancelled, pending] = [nextInvite++, nextInvite++, nextInvite++, nextInvite++];
    const member = 1000 + projectId;
    const invite = (inviteId: number, email: string, role: 'member' | 'administrator') =>
      run({
        type: 'InviteProjectMember',
        data: { projectId, inviteId, email, role, tokenHash: `hash-${inviteId}`, inviteeUserId: null },
      });
    await run({ type: 'FollowProject', data: { projectId, userId: member } });
    await run({ type: 'FollowProject', data: { projectId, userId: member + 1 } });
    if (projectId % 2 === 0) await run({ type: 'UnfollowProject', data: { projectId, userId: member + 1 } });
    await run({
      type: 'PostProjectUpdate',
      data: { projectId, updateId: projectId * 10, authorId: 500, body: `News ${projectId}` },
    });
    await run({ type: 'PostProjectUpdate', data: { projectId, updateId: projectId * 10 + 1, authorId: 500, body: 'More' } });
    await run({ type: 'EditProjectUpdate', data: { projectId, updateId: projectId * 10, body: `Edited ${projectId}` } });
    await run({ type: 'DeleteProjectUpdate', data: { projectId, updateId: projectId * 10 + 1 } });
    await run({ type: 'AddProjectStation', data: { projectId, stationId: projectId } });
    await run({ type: 'AddProjectStation', data: { projectId, stationId: projectId + 1 } });
    await run({ type: 'RemoveProjectStation', data: { projectId, stationId: projectId + 1 } });
    await run({ type: 'ChangeProjectPhoto', data: { projectId, photo: `projects/${projectId}/${randomUUID()}.jpg` } });
    await invite(accepted, `member-${projectId}@example.org`, 'member');
    await invite(declined, `no-${projectId}@example.org`, 'administrator');
    await invite(cancelled, `gone-${projectId}@example.org`, 'member');
    await invite(pending, `later-${projectId}@example.org`, 'member');
    await run({
      type: 'AcceptProjectInvite',
      data: { projectId, inviteId: accepted, userId: member, proof: { tokenHash: `hash-${accepted}` } },
    });
    await run({
      type: 'DeclineProjectInvite',
      data: { projectId, inviteId: declined, userId: null, proof: { email: `no-${projectId}@example.org` } },
    });
    await run({ type: 'RemoveProjectMember', data: { projectId, email: `gone-${projectId}@example.org`, userId: null } });
    for (const answered of [accepted, declined, cancelled]) await keys.destroy(projectInviteSubject(answered));
    await run({ type: 'ChangeProjectMemberRole', data: { projectId, email: 'x', userId: member, role: 'administrator' } });
    if (projectId % 3 === 0) {
      // A second administrator first: a project never loses its last one.
      const second = member + 2000;
      await run({
        type: 'AcceptProjectInvite',
        data: { projectId, inviteId: pending, userId: second, proof: { tokenHash: `hash-${pending}` } },
      });
      await run({ type: 'ChangeProjectMemberRole', data: { projectId, email: 'x', userId: second, role: 'administrator' } });
      await run({ type: 'ChangeProjectMemberRole', data: { projectId, email: 'x', userId: member, role: 'member' } });
      await run({ type: 'RemoveProjectMember', data: { projectId, email: 'x', userId: member } });
    }
    if (projectId % 7 === 0) await run({ type: 'DeleteProject', data: { projectId } });
  }
};

/** Every row of a table in key order, for comparing two builds of the same read model. */
export const tableSnapshot = async (pool: { query: (sql: string) => Promise<{ rows: unknown[] }> }, table: string, key = 'id') =>
  (await pool.query(`SELECT * FROM ${table} ORDER BY ${key}`)).rows;
