import { callApi, outboxOf, signUp, type Mailbox, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { joinProject } from '../support/project-team.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 13 item 4: every edit of something that exists carries the version its writer read. A
 * stale one is a 409 with the current state (never a silent overwrite), none at all a 428, and a
 * fresh one goes through. Before the fix, 20 writers of one project version got 12 × 200 and 8 of
 * those saves were lost.
 */
let sut: TestApp;
let mailbox: Mailbox;
let owner: TestUser;
let member: TestUser;
let stationId: number;
let projectId: number;

type Body = Record<string, unknown>;
const call = (
  method: string,
  path: string,
  body?: unknown,
  token: string | null = owner.token,
  headers?: Record<string, string>,
) => callApi(sut.url, method, path, { body, token, ...(headers ? { headers } : {}) });

const ok = (res: Reply, status = 200): Body => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body ?? {};
};

const versionOf = (body: Body, key = 'version'): number => {
  const v = body[key];
  if (typeof v !== 'number') throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return v;
};

const newProject = async (name: string): Promise<number> =>
  versionOf(ok(await call('POST', '/api/projects', { name, description: 'd', goal: 'g', location: 'l' })), 'id');

beforeAll(async () => {
  sut = await startTestApp();
  mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  member = await signUp(sut, mailbox, { name: 'Member' });
  stationId = versionOf(ok(await call('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Pier' })), 'id');
  projectId = await newProject('Versions');
  ok(await call('POST', `/api/projects/${projectId}/stations/${stationId}`), 204);
  await joinProject(sut.url, mailbox, owner, projectId, member);
});
afterAll(() => sut.close());

/**
 * One edit route, described by how to read it (the GET answer and where its version is), how to
 * edit it with a version (or none), and what the edit changes, so one test shape covers them all.
 */
type EditRoute = {
  readonly name: string;
  /** The current state as its GET answers it. */
  readonly read: () => Promise<Body>;
  /** Where the version sits in the GET answer. */
  readonly versionKey?: string;
  /** The edit, with the version to send (undefined: none), making change number `n`. */
  readonly edit: (version: number | undefined, n: number) => Promise<Reply>;
  /** What the current state shows after change `n`. */
  readonly shows: (state: Body, n: number) => boolean;
  /** The 409's code (the notes keep their own). */
  readonly staleCode?: string;
};

const routes = (): EditRoute[] => {
  let updateId = 0;
  let fieldNoteId = 0;
  return [
    {
      name: 'project (PATCH /projects/{id})',
      read: async () => ok(await call('GET', `/api/projects/${projectId}`)),
      edit: (version, n) => call('PATCH', `/api/projects/${projectId}`, { goal: `goal ${n}`, version }),
      shows: (s, n) => s['goal'] === `goal ${n}`,
    },
    {
      name: 'project update (POST /projects/{id}/updates/{updateId})',
      read: async () => {
        updateId ||= versionOf(ok(await call('POST', `/api/projects/${projectId}/updates`, { body: 'first' })), 'id');
        return ok(await call('GET', `/api/projects/updates/${updateId}`));
      },
      edit: (version, n) => call('POST', `/api/projects/${projectId}/updates/${updateId}`, { body: `update ${n}`, version }),
      shows: (s, n) => s['body'] === `update ${n}`,
    },
    {
      name: 'station (PATCH /stations/{id})',
      read: async () => ok(await call('GET', `/api/stations/${stationId}`)),
      edit: (version, n) => call('PATCH', `/api/stations/${stationId}`, { description: `description ${n}`, version }),
      shows: (s, n) => s['description'] === `description ${n}`,
    },
    {
      name: 'team (PATCH /projects/{id}/roles)',
      read: async () => ok(await call('GET', `/api/users/project/${projectId}`)),
      edit: (version, n) => call('PATCH', `/api/projects/${projectId}/roles`, { email: member.email, role: n % 2, version }),
      shows: (s, n) =>
        (s['users'] as { user: { id: number | null }; role: string }[]).some(
          (u) => u.user.id === member.id && u.role === (n % 2 === 1 ? 'Administrator' : 'Member'),
        ),
    },
    {
      name: 'station notes (PATCH /stations/{id}/notes)',
      read: async () => ok(await call('GET', `/api/stations/${stationId}/notes`)),
      edit: async (version, n) => {
        const notes = ok(await call('GET', `/api/stations/${stationId}/notes`))['notes'] as { id: number; key: string }[];
        const existing = notes.find((x) => x.key === 'studyObjective');
        return call('PATCH', `/api/stations/${stationId}/notes`, {
          ...(existing
            ? { notes: [{ id: existing.id, body: `notes ${n}` }] }
            : { creating: [{ key: 'studyObjective', body: `notes ${n}` }] }),
          version,
        });
      },
      shows: (s, n) => (s['notes'] as { key: string; body: string }[]).some((x) => x.body === `notes ${n}`),
      staleCode: 'NOTES.CHANGED',
    },
    {
      name: 'field note (POST /station/{id}/station-note/{noteId})',
      read: async () => {
        fieldNoteId ||= versionOf(ok(await call('POST', `/api/station/${stationId}/station-note`, { body: 'first' })), 'id');
        const list = ok(await call('GET', `/api/station/${stationId}/station-notes`))['notes'] as Body[];
        return list.find((x) => x['id'] === fieldNoteId)!;
      },
      edit: (version, n) =>
        call('POST', `/api/station/${stationId}/station-note/${fieldNoteId}`, { body: `field ${n}`, version }),
      shows: (s, n) => s['body'] === `field ${n}`,
    },
    {
      name: 'profile (PATCH /users/{id})',
      read: async () => ok(await call('GET', '/api/user')),
      edit: (version, n) => call('PATCH', `/api/users/${owner.id}`, { bio: `bio ${n}`, version }),
      shows: (s, n) => s['bio'] === `bio ${n}`,
    },
  ];
};

describe('twenty writers of one project version', () => {
  it('takes exactly one save and refuses the other 19 with 409 and the current state: no save is lost', async () => {
    const id = await newProject('Twenty writers');
    const version = versionOf(ok(await call('GET', `/api/projects/${id}`)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('PATCH', `/api/projects/${id}`, { goal: `writer ${i}`, version })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!.body!;
    const now = ok(await call('GET', `/api/projects/${id}`));
    // The one save that was answered 200 is the one that stands; every refusal shows it.
    expect(now['goal']).toBe(winner['goal']);
    expect(versionOf(now)).toBeGreaterThan(version);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({
        code: 'VERSION.STALE',
        current: { id, goal: winner['goal'], version: versionOf(now) },
      });
    }
  });
});

describe.each(routes().map((r) => [r.name, r] as const))('editing the %s', (_name, route) => {
  it('goes through with the version just read (control), refuses the same version again with 409 and the current state', async () => {
    const before = await route.read();
    const read = versionOf(before, route.versionKey);

    const fresh = await route.edit(read, 1);
    expect(fresh.status).toBe(200);
    const after = await route.read();
    expect(route.shows(after, 1)).toBe(true);
    expect(versionOf(after, route.versionKey)).not.toBe(read);

    // A second writer who loaded the same version: refused, and shown what is there now.
    const stale = await route.edit(read, 2);
    expect(stale.status).toBe(409);
    expect(stale.body!['code']).toBe(route.staleCode ?? 'VERSION.STALE');
    const current = stale.body!['current'] as Body;
    expect(route.shows(current, 1)).toBe(true);
    expect(versionOf(current, route.versionKey)).toBe(versionOf(after, route.versionKey));
    expect(route.shows(await route.read(), 1)).toBe(true);
  });

  it('refuses an edit with no version at all (428 VERSION.REQUIRED) and changes nothing', async () => {
    const before = await route.read();
    const res = await route.edit(undefined, 4);
    expect(res).toMatchObject({ status: 428, body: { code: 'VERSION.REQUIRED' } });
    expect(route.shows(await route.read(), 4)).toBe(false);
    expect(versionOf(await route.read(), route.versionKey)).toBe(versionOf(before, route.versionKey));
  });
});

describe('the version on the wire', () => {
  it('takes If-Match with the ETag form instead of a body version; a stale one is a 409 too', async () => {
    const id = await newProject('If-Match');
    const version = versionOf(ok(await call('GET', `/api/projects/${id}`)));
    const res = await call('PATCH', `/api/projects/${id}`, { goal: 'by header' }, owner.token, { 'if-match': `"${version}"` });
    expect(res).toMatchObject({ status: 200, body: { goal: 'by header' } });
    const again = await call('PATCH', `/api/projects/${id}`, { goal: 'again' }, owner.token, { 'if-match': `"${version}"` });
    expect(again).toMatchObject({ status: 409, body: { code: 'VERSION.STALE', current: { goal: 'by header' } } });
  });

  it('answers 400 to a version that is not one, or to If-Match and version that disagree', async () => {
    const id = await newProject('Bad versions');
    const version = versionOf(ok(await call('GET', `/api/projects/${id}`)));
    for (const bad of [-1, 1.5, '3', null]) {
      expect(await call('PATCH', `/api/projects/${id}`, { goal: 'x', version: bad })).toMatchObject({ status: 400 });
    }
    expect(await call('PATCH', `/api/projects/${id}`, { goal: 'x' }, owner.token, { 'if-match': 'nonsense' })).toMatchObject({
      status: 400,
      body: { code: 'VERSION.INVALID' },
    });
    expect(
      await call('PATCH', `/api/projects/${id}`, { goal: 'x', version }, owner.token, { 'if-match': `"${version + 1}"` }),
    ).toMatchObject({ status: 400, body: { code: 'VERSION.MISMATCH' } });
    expect(ok(await call('GET', `/api/projects/${id}`))['goal']).toBe('g');
  });

  it('does not refuse a project edit for a follow or a new update made meanwhile: they change other things', async () => {
    const id = await newProject('Busy');
    const version = versionOf(ok(await call('GET', `/api/projects/${id}`)));
    ok(await call('POST', `/api/projects/${id}/follow`, undefined, member.token));
    ok(await call('POST', `/api/projects/${id}/updates`, { body: 'news' }));
    expect(await call('PATCH', `/api/projects/${id}`, { goal: 'still mine', version })).toMatchObject({
      status: 200,
      body: { goal: 'still mine' },
    });
  });

  it('refuses a removal from the team made on an older team (409 with the team as it is now)', async () => {
    const id = await newProject('Team removal');
    await joinProject(sut.url, mailbox, owner, id, member);
    const team = ok(await call('GET', `/api/users/project/${id}`));
    const version = versionOf(team);
    ok(await call('PATCH', `/api/projects/${id}/roles`, { email: member.email, role: 1, version }));
    const res = await call('DELETE', `/api/projects/${id}/members`, { email: member.email, version });
    expect(res).toMatchObject({ status: 409, body: { code: 'VERSION.STALE' } });
    const current = res.body!['current'] as { users: { user: { id: number | null }; role: string }[]; version: number };
    expect(current.users.find((u) => u.user.id === member.id)?.role).toBe('Administrator');
    const fresh = await call('DELETE', `/api/projects/${id}/members`, { email: member.email, version: current.version });
    expect(fresh.status).toBe(200);
  });
});
