import { projectsProjection } from '../../apps/projector/src/projections/index.js';
import { projectInviteSubject } from '../../libs/domain/src/index.js';
import { rebuildProjection } from '../../libs/platform/src/index.js';
import { callApi, linkTokenOf, signUp, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The team of a project (spec §2 Team manager, §4 Project invitation and Team member, §7): every
 * invitation arrives through a real SMTP server, as a person would get it.
 */
let sut: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  sut = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'http://groundtruth.test' });
  owner = await signUp(sut, inbox, { name: 'Olga Owner' });
  stranger = await signUp(sut, inbox, { name: 'Stan Stranger' });
  admin = await signUp(sut, inbox, { name: 'Site Admin', admin: true });
});
afterAll(async () => {
  await sut.close();
  await inbox.close();
});

type TeamLine = { user: { id: number | null; name: string | null; email?: string }; role: string; invited: boolean };
type Invitation = { id: number; projectId: number; role: string; invitedAt: string; project: { id: number; name: string } };

const as = (user: TestUser | null, headers: Record<string, string> = {}) => {
  const token = user?.token ?? null;
  return {
    get: (path: string) => callApi(sut.url, 'GET', path, { token, headers }),
    post: (path: string, body?: unknown) => callAsReader(sut.url, 'POST', path, { token, body, headers }),
    patch: (path: string, body?: unknown) => callAsReader(sut.url, 'PATCH', path, { token, body, headers }),
    delete: (path: string, body?: unknown) => callAsReader(sut.url, 'DELETE', path, { token, body, headers }),
  };
};

let counter = 0;
const address = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`;

const newProject = async (overrides: Record<string, unknown> = {}, by: TestUser = owner): Promise<number> => {
  counter += 1;
  const res = await as(by).post('/api/projects', {
    name: `Team project ${counter}`,
    description: 'd',
    goal: 'g',
    location: 'l',
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!['id'] as number;
};

const seen = new Set<ReceivedMail>();
/** The next invitation mail to `email` not read before. */
const invitationTo = async (email: string): Promise<{ mail: ReceivedMail; token: string }> => {
  const mail = await inbox.waitFor(
    (m) => !seen.has(m) && m.to.includes(email) && m.links.some((l) => l.includes('/projects/invitation')),
  );
  seen.add(mail);
  return { mail, token: linkTokenOf(mail, /\/projects\/invitation\?token=([^&#]+)/) };
};

const invite = (projectId: number, email: string, role?: 0 | 1, by: TestUser = owner, headers: Record<string, string> = {}) =>
  as(by, headers).post(`/api/projects/${projectId}/invite`, role === undefined ? { email } : { email, role });

const invitationOf = async (token: string, who: TestUser | null = null) =>
  (await as(who).get(`/api/projects/invites/${encodeURIComponent(token)}`)).body as Invitation;

const team = async (projectId: number, who: TestUser | null = owner) =>
  ((await as(who).get(`/api/users/project/${projectId}`)).body!['users'] as TeamLine[]) ?? [];

const acceptWith = (who: TestUser | null, inviteId: number, token: string) =>
  as(who).post(`/api/projects/invites/${inviteId}/accept?token=${encodeURIComponent(token)}`);

/** Invites `user` and accepts with the mailed link: they are then in the team with `role`. */
const join = async (projectId: number, user: TestUser, role: 0 | 1 = 0) => {
  expect((await invite(projectId, user.email, role)).status).toBe(200);
  const { token } = await invitationTo(user.email);
  const { id } = await invitationOf(token);
  expect((await acceptWith(user, id, token)).status).toBe(200);
};

describe('inviting', () => {
  it('e-mails an English invitation with a link to the web page, and shows the invitation in the team', async () => {
    const projectId = await newProject({ name: 'Harbor Team' });
    const res = await invite(projectId, stranger.email.toUpperCase(), 1);
    expect(res.status).toBe(200);
    expect(res.body!['users']).toContainEqual({
      user: { id: null, name: null, photo: null, email: stranger.email },
      role: 'Administrator',
      invited: true,
    });

    const { mail, token } = await invitationTo(stranger.email);
    expect(mail.subject).toBe('You are invited to join Harbor Team on Groundtruth');
    expect(mail.text).toContain('Olga Owner invites you to join the project "Harbor Team" on Groundtruth as an administrator.');
    expect(mail.links).toContain(`http://groundtruth.test/projects/invitation?token=${encodeURIComponent(token)}`);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const invitation = await invitationOf(token);
    expect(invitation).toMatchObject({ projectId, role: 'Administrator', project: { id: projectId, name: 'Harbor Team' } });
    expect(JSON.stringify(invitation)).not.toContain('@');
  });

  it('writes the mail in Spanish when the request asks for it', async () => {
    const projectId = await newProject({ name: 'Equipo del río' });
    const email = address('es');
    expect((await invite(projectId, email, 0, owner, { 'accept-language': 'es-ES,es;q=0.9' })).status).toBe(200);
    const { mail } = await invitationTo(email);
    expect(mail.subject).toBe('Te invitan a unirte a Equipo del río en Groundtruth');
    expect(mail.text).toContain('te invita a unirte al proyecto «Equipo del río» en Groundtruth como miembro.');
  });

  it("refuses a second invitation of an address, pending or already a member: 'This user is already invited.'", async () => {
    const projectId = await newProject();
    const email = address('twice');
    expect((await invite(projectId, email)).status).toBe(200);
    for (const again of [email, ` ${email.toUpperCase()} `, owner.email]) {
      expect(await invite(projectId, again, 1)).toMatchObject({
        status: 400,
        body: {
          code: 'PROJECT.ALREADY_INVITED',
          message: 'This user is already invited.',
          errors: { email: 'This user is already invited.' },
        },
      });
    }
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    expect((await invite(projectId, member.email)).body).toMatchObject({ errors: { email: 'This user is already invited.' } });
  });

  it.each([
    ['no e-mail', {}, 'email'],
    ['an empty e-mail', { email: '  ' }, 'email'],
    ['a malformed e-mail', { email: 'not-an-address' }, 'email'],
    ['an unknown role', { email: 'a@example.org', role: 2 }, 'role'],
    ['a role in words', { email: 'a@example.org', role: 'administrator' }, 'role'],
  ])('answers 400 with a field error for %s', async (_case, body, field) => {
    const projectId = await newProject();
    const res = await as(owner).post(`/api/projects/${projectId}/invite`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!['errors'] as object)).toContain(field);
  });

  it('lets only project administrators invite (401, 403), and answers 404 and 400 for bad projects', async () => {
    const projectId = await newProject();
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    expect((await as(null).post(`/api/projects/${projectId}/invite`, { email: address('x') })).status).toBe(401);
    expect((await invite(projectId, address('x'), 0, stranger)).status).toBe(403);
    expect((await invite(projectId, address('x'), 0, member)).status).toBe(403);
    expect((await invite(987654, address('x'))).status).toBe(404);
    expect((await as(owner).post('/api/projects/abc/invite', { email: address('x') })).status).toBe(400);
    expect((await invite(projectId, address('by-admin'), 0, admin)).status).toBe(200);
  });

  it('keeps the invited address out of the event log in clear, and erases it once the invitation is answered', async () => {
    const projectId = await newProject();
    const email = address('sealed');
    await invite(projectId, email);
    const { token } = await invitationTo(email);
    const raw = await sut.runtime.pool.query<{ data: string }>(
      "SELECT data::text FROM gt_events WHERE stream_id = $1 AND type = 'ProjectMemberInvited'",
      [`project-${projectId}`],
    );
    expect(raw.rows).toHaveLength(1);
    expect(raw.rows[0]!.data).not.toContain(email);
    expect(raw.rows[0]!.data).not.toContain(token);

    const { id } = await invitationOf(token);
    const invitee = await signUp(sut, inbox);
    expect((await as(invitee).post(`/api/projects/invites/${id}/reject?token=${encodeURIComponent(token)}`)).status).toBe(204);
    const events = await sut.runtime.store.readStream(`project-${projectId}`);
    const invited = events.find((e) => e.type === 'ProjectMemberInvited')!;
    expect(invited.data).toMatchObject({ piiSubject: projectInviteSubject(id), pii: null });
  });
});

describe('answering with the e-mailed link', () => {
  it('accepts: the signed-in user joins with the role, and the link stops working', async () => {
    const projectId = await newProject({ privacy: 0, name: 'Quiet Team' });
    const invitee = await signUp(sut, inbox, { name: 'Ivy Invitee' });
    await invite(projectId, invitee.email);
    const { token } = await invitationTo(invitee.email);
    // Even a private project shows itself to the holder of an invitation.
    const invitation = await invitationOf(token);
    expect(invitation.project.name).toBe('Quiet Team');

    const accepted = await acceptWith(invitee, invitation.id, token);
    expect(accepted).toMatchObject({ status: 200, body: { id: projectId, role: 'Member', readOnly: true } });
    expect(await team(projectId)).toEqual([
      { user: { id: owner.id, name: 'Olga Owner', photo: null, email: owner.email }, role: 'Administrator', invited: false },
      { user: { id: invitee.id, name: 'Ivy Invitee', photo: null, email: invitee.email }, role: 'Member', invited: false },
    ]);
    expect((await as(invitee).get(`/api/projects/${projectId}`)).status).toBe(200);
    const mine = (await as(invitee).get('/api/user/projects')).body!['projects'] as { id: number }[];
    expect(mine.map((p) => p.id)).toContain(projectId);

    expect((await as(null).get(`/api/projects/invites/${encodeURIComponent(token)}`)).status).toBe(404);
    expect(await acceptWith(invitee, invitation.id, token)).toMatchObject({
      status: 404,
      body: { code: 'PROJECT.INVITE_NOT_FOUND' },
    });
  });

  it('declines with the token in the query or in the body; the link stops working', async () => {
    const projectId = await newProject();
    const invitee = await signUp(sut, inbox);
    for (const where of ['query', 'body'] as const) {
      const email = address(`decline-${where}`);
      await invite(projectId, email);
      const { token } = await invitationTo(email);
      const { id } = await invitationOf(token);
      const path = `/api/projects/invites/${id}/reject`;
      const res =
        where === 'query'
          ? await as(invitee).post(`${path}?token=${encodeURIComponent(token)}`)
          : await as(invitee).post(path, { token });
      expect(res.status).toBe(204);
      expect((await as(null).get(`/api/projects/invites/${encodeURIComponent(token)}`)).status).toBe(404);
      expect((await acceptWith(invitee, id, token)).status).toBe(404);
    }
    expect((await team(projectId)).filter((l) => l.invited)).toEqual([]);
  });

  it('needs sign-in (401), the right token (404), and a token at all (400)', async () => {
    const projectId = await newProject();
    const email = address('wrong');
    await invite(projectId, email);
    const { token } = await invitationTo(email);
    const { id } = await invitationOf(token);
    expect((await acceptWith(null, id, token)).status).toBe(401);
    expect((await as(null).post(`/api/projects/invites/${id}/reject?token=${token}`)).status).toBe(401);
    expect((await acceptWith(stranger, id, 'x'.repeat(43))).status).toBe(404);
    expect((await acceptWith(stranger, id + 1000, token)).status).toBe(404);
    expect((await as(stranger).post(`/api/projects/invites/${id}/accept`)).status).toBe(400);
    expect((await as(stranger).post(`/api/projects/invites/${id}/reject`, {})).body).toMatchObject({
      errors: { token: expect.any(String) },
    });
    expect((await as(stranger).post(`/api/projects/invites/abc/accept?token=${token}`)).status).toBe(400);
    expect((await as(null).get('/api/projects/invites/not-a-token')).status).toBe(404);
    // Still pending after all that.
    expect((await invitationOf(token)).id).toBe(id);
  });

  it('lets one of two racing answers win; the other is refused, never both', async () => {
    const projectId = await newProject();
    const email = address('race');
    await invite(projectId, email);
    const { token } = await invitationTo(email);
    const { id } = await invitationOf(token);
    const [a, b] = await Promise.all([acceptWith(stranger, id, token), acceptWith(admin, id, token)]);
    const statuses = [a.status, b.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect([404, 409]).toContain(statuses.find((s) => s !== 200));
    const members = (await team(projectId)).filter((l) => !l.invited).map((l) => l.user.id);
    expect(members.filter((m) => m === stranger.id || m === admin.id)).toHaveLength(1);
  });
});

describe('the pending list', () => {
  it('shows invitations to the validated address, with their projects, and accepts or declines from it', async () => {
    const invitee = await signUp(sut, inbox);
    const first = await newProject({ name: 'First team', privacy: 0 });
    const second = await newProject({ name: 'Second team' }, stranger);
    await invite(first, invitee.email, 1);
    await invite(second, invitee.email, 0, stranger);

    const pending = await as(invitee).get('/api/projects/invites/pending');
    expect(pending.status).toBe(200);
    const body = pending.body as { pending: Invitation[]; projects: { id: number }[] };
    expect(body.pending.map((i) => [i.projectId, i.role, i.project.id])).toEqual([
      [first, 'Administrator', first],
      [second, 'Member', second],
    ]);
    expect(body.projects.map((p) => p.id)).toEqual([first, second]);

    expect(await as(invitee).post(`/api/projects/${first}/invites/accept`)).toMatchObject({
      status: 200,
      body: { id: first, role: 'Administrator', readOnly: false },
    });
    expect((await as(invitee).post(`/api/projects/${second}/invites/reject`)).status).toBe(204);
    expect((await as(invitee).get('/api/projects/invites/pending')).body).toEqual({ pending: [], projects: [] });
    expect((await as(invitee).post(`/api/projects/${second}/invites/accept`)).status).toBe(404);
    expect((await as(invitee).get(`/api/projects/${second}`)).body).toMatchObject({ role: null });
  });

  it('lets an invitation to an address without an account wait until someone signs up with it', async () => {
    const projectId = await newProject({ privacy: 0 });
    const email = address('later');
    await invite(projectId, email);
    const others = (await as(stranger).get('/api/projects/invites/pending')).body as { pending: Invitation[] };
    expect(others.pending.map((i) => i.projectId)).not.toContain(projectId);
    expect((await as(stranger).post(`/api/projects/${projectId}/invites/accept`)).status).toBe(404);

    const newcomer = await signUp(sut, inbox, { email });
    const { pending } = (await as(newcomer).get('/api/projects/invites/pending')).body as { pending: Invitation[] };
    expect(pending.map((i) => i.projectId)).toEqual([projectId]);
    expect((await as(newcomer).post(`/api/projects/${projectId}/invites/accept`)).status).toBe(200);
    expect((await as(newcomer).get(`/api/projects/${projectId}`)).status).toBe(200);
  });

  it('needs sign-in (401) and answers 400 for bad ids', async () => {
    expect((await as(null).get('/api/projects/invites/pending')).status).toBe(401);
    expect((await as(null).post('/api/projects/1/invites/accept')).status).toBe(401);
    expect((await as(null).post('/api/projects/1/invites/reject')).status).toBe(401);
    expect((await as(stranger).post('/api/projects/abc/invites/accept')).status).toBe(400);
    expect((await as(stranger).post('/api/projects/0/invites/reject')).status).toBe(400);
  });
});

describe('roles', () => {
  it("changes a member's role both ways", async () => {
    const projectId = await newProject();
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    const promoted = await as(owner).patch(`/api/projects/${projectId}/roles`, { email: member.email, role: 1 });
    expect(promoted.status).toBe(200);
    expect((promoted.body!['users'] as TeamLine[]).find((l) => l.user.id === member.id)?.role).toBe('Administrator');
    expect((await as(member).get(`/api/projects/${projectId}`)).body).toMatchObject({ role: 'Administrator', readOnly: false });
    // The new administrator may now change the creator's role, but not their own.
    expect((await as(member).patch(`/api/projects/${projectId}/roles`, { email: owner.email, role: 0 })).status).toBe(200);
    expect(await as(member).patch(`/api/projects/${projectId}/roles`, { email: member.email, role: 0 })).toMatchObject({
      status: 400,
      body: { code: 'PROJECT.OWN_ROLE', errors: { email: 'You cannot change your own role.' } },
    });
  });

  it.each([
    ['their own role', () => owner.email, 'PROJECT.OWN_ROLE'],
    ['a pending member', () => 'pending-role@example.org', 'PROJECT.PENDING_MEMBER'],
    ['someone outside the team', () => stranger.email, 'PROJECT.NOT_A_MEMBER'],
    ['an address with no account', () => 'nobody-at-all@example.org', 'PROJECT.NOT_A_MEMBER'],
  ])('refuses to change %s (400)', async (_case, email, code) => {
    const projectId = await newProject();
    await invite(projectId, 'pending-role@example.org');
    const res = await as(owner).patch(`/api/projects/${projectId}/roles`, { email: email(), role: 1 });
    expect(res).toMatchObject({ status: 400, body: { code, errors: { email: expect.any(String) } } });
  });

  it('never leaves a project without an administrator, even when a site admin asks', async () => {
    const projectId = await newProject();
    expect(await as(admin).patch(`/api/projects/${projectId}/roles`, { email: owner.email, role: 0 })).toMatchObject({
      status: 400,
      body: { code: 'PROJECT.LAST_ADMINISTRATOR', message: 'A project needs at least one administrator.' },
    });
  });

  it('needs an administrator (401, 403) and a valid body (400)', async () => {
    const projectId = await newProject();
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    expect((await as(null).patch(`/api/projects/${projectId}/roles`, { email: member.email, role: 1 })).status).toBe(401);
    expect((await as(member).patch(`/api/projects/${projectId}/roles`, { email: owner.email, role: 0 })).status).toBe(403);
    expect((await as(stranger).patch(`/api/projects/${projectId}/roles`, { email: member.email, role: 1 })).status).toBe(403);
    const bad = await as(owner).patch(`/api/projects/${projectId}/roles`, { email: 'x', role: 5 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body!['errors'] as object).sort()).toEqual(['email', 'role']);
    expect((await as(owner).patch(`/api/projects/${projectId}/roles`, { email: member.email })).status).toBe(400);
    expect((await as(owner).patch('/api/projects/987654/roles', { email: member.email, role: 1 })).status).toBe(404);
  });
});

describe('removing members', () => {
  it('removes a member, who then no longer reads the private project', async () => {
    const projectId = await newProject({ privacy: 0 });
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    expect((await as(member).get(`/api/projects/${projectId}`)).status).toBe(200);
    const res = await as(owner).delete(`/api/projects/${projectId}/members`, { email: member.email });
    expect(res.status).toBe(200);
    expect((res.body!['users'] as TeamLine[]).map((l) => l.user.id)).toEqual([owner.id]);
    expect((await as(member).get(`/api/projects/${projectId}`)).status).toBe(403);
  });

  it('withdraws a pending invitation, whose link then stops working', async () => {
    const projectId = await newProject();
    const email = address('withdrawn');
    await invite(projectId, email);
    const { token } = await invitationTo(email);
    expect((await as(owner).delete(`/api/projects/${projectId}/members`, { email })).status).toBe(200);
    expect((await as(null).get(`/api/projects/invites/${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await team(projectId)).filter((l) => l.invited)).toEqual([]);
    // And the address may be invited afresh.
    expect((await invite(projectId, email)).status).toBe(200);
  });

  it('refuses to remove oneself, a stranger, the last administrator (400), and non-administrators (401, 403)', async () => {
    const projectId = await newProject();
    const member = await signUp(sut, inbox);
    await join(projectId, member);
    expect(await as(owner).delete(`/api/projects/${projectId}/members`, { email: owner.email })).toMatchObject({
      status: 400,
      body: { code: 'PROJECT.REMOVE_SELF', errors: { email: 'You cannot remove yourself from the project.' } },
    });
    expect(await as(member).delete(`/api/projects/${projectId}/members`, { email: member.email })).toMatchObject({
      status: 403,
    });
    expect(await as(owner).delete(`/api/projects/${projectId}/members`, { email: stranger.email })).toMatchObject({
      status: 400,
      body: { code: 'PROJECT.NOT_A_MEMBER' },
    });
    expect(await as(admin).delete(`/api/projects/${projectId}/members`, { email: owner.email })).toMatchObject({
      status: 400,
      body: { code: 'PROJECT.LAST_ADMINISTRATOR' },
    });
    expect((await as(null).delete(`/api/projects/${projectId}/members`, { email: member.email })).status).toBe(401);
    expect((await as(stranger).delete(`/api/projects/${projectId}/members`, { email: member.email })).status).toBe(403);
    expect((await as(owner).delete(`/api/projects/${projectId}/members`, {})).status).toBe(400);
    expect((await as(owner).delete(`/api/projects/${projectId}/members`, { email: 'nope' })).status).toBe(400);
  });

  it('answers 409 or the right refusal, never a lost change, when team changes race', async () => {
    const projectId = await newProject();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => invite(projectId, address(`racer-${i}`))));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const invited = (await team(projectId)).filter((l) => l.invited).length;
    expect(invited).toBe(results.filter((r) => r.status === 200).length);
  });
});

describe('the team list', () => {
  it('shows administrators, members, then invitations; addresses to the project administrators only', async () => {
    const projectId = await newProject({ name: 'Open team' });
    const member = await signUp(sut, inbox, { name: 'Aaron Member' });
    await join(projectId, member);
    await invite(projectId, 'waiting@example.org', 1);

    const asAdmin = await team(projectId, owner);
    expect(asAdmin.map((l) => [l.user.id, l.role, l.invited, l.user.email])).toEqual([
      [owner.id, 'Administrator', false, owner.email],
      [member.id, 'Member', false, member.email],
      [null, 'Administrator', true, 'waiting@example.org'],
    ]);
    expect(await team(projectId, admin)).toEqual(asAdmin);
    for (const who of [member, stranger, null]) {
      const lines = await team(projectId, who);
      expect(lines.map((l) => [l.user.id, l.role, l.invited])).toEqual(asAdmin.map((l) => [l.user.id, l.role, l.invited]));
      expect(JSON.stringify(lines)).not.toContain('@');
    }
  });

  it("is forbidden to outsiders of a private project, and invisible in everyone else's lists", async () => {
    const projectId = await newProject({ privacy: 0 });
    await invite(projectId, 'private-wait@example.org');
    expect((await as(null).get(`/api/users/project/${projectId}`)).status).toBe(403);
    expect((await as(stranger).get(`/api/users/project/${projectId}`)).status).toBe(403);
    expect((await as(admin).get(`/api/users/project/${projectId}`)).status).toBe(200);
    const pending = (await as(stranger).get('/api/projects/invites/pending')).body as { projects: { id: number }[] };
    expect(pending.projects.map((p) => p.id)).not.toContain(projectId);
    expect((await as(null).get('/api/users/project/abc')).status).toBe(400);
    expect((await as(null).get('/api/users/project/987654')).status).toBe(404);
  });
});

describe('deleting an account', () => {
  /** Invites `email` to each project (by its administrator) and answers the invitations' ids. */
  const inviteTo = async (email: string, projects: readonly [number, TestUser][]): Promise<number[]> => {
    const ids: number[] = [];
    for (const [projectId, by] of projects) {
      expect((await invite(projectId, email, 0, by)).status).toBe(200);
      ids.push((await invitationOf((await invitationTo(email.toLowerCase())).token)).id);
    }
    return ids;
  };

  /** The invitation is gone from its team, and its address from the log: its key is destroyed. */
  const expectWithdrawn = async (projectId: number, inviteId: number, email: string, by: TestUser) => {
    expect(JSON.stringify(await team(projectId, by))).not.toContain(email);
    expect(await sut.runtime.keys.find(projectInviteSubject(inviteId))).toBe('destroyed');
    const invited = (await sut.runtime.store.readStream(`project-${projectId}`)).filter(
      (e) => e.type === 'ProjectMemberInvited' && (e.data as { inviteId: number }).inviteId === inviteId,
    );
    expect(invited).toHaveLength(1);
    expect(invited[0]!.data).toMatchObject({ pii: null });
  };

  it('withdraws the invitations waiting for its address, in every project, and erases the address', async () => {
    const email = address('leaving');
    const mine = await newProject();
    const theirs = await newProject({ privacy: 0 }, stranger);
    // Sent with capitals; the account's address is the same one, whatever its case.
    const inviteIds = await inviteTo(email.toUpperCase(), [
      [mine, owner],
      [theirs, stranger],
    ]);
    const bystander = address('staying');
    await invite(mine, bystander);
    const leaving = await signUp(sut, inbox, { email });

    expect((await as(leaving).delete('/api/auth/delete-account', { email, password: leaving.password })).status).toBe(204);

    await expectWithdrawn(mine, inviteIds[0]!, email, owner);
    await expectWithdrawn(theirs, inviteIds[1]!, email, stranger);
    // Someone else's invitation stays.
    expect((await team(mine)).filter((l) => l.invited).map((l) => l.user.email)).toEqual([bystander]);
    // Rebuilt from the log, the read model knows no such address either.
    await rebuildProjection(sut.runtime.pool, sut.runtime.store, projectsProjection, sut.runtime.log);
    const rows = await sut.runtime.pool.query<{ email: string | null }>(
      'SELECT email FROM project_invites WHERE project_id = ANY($1) ORDER BY id',
      [[mine, theirs]],
    );
    expect(rows.rows).toEqual([{ email: bystander }]);
  });

  it('does the same when a site admin deletes the account', async () => {
    const email = address('removed');
    const projectId = await newProject();
    const [inviteId] = await inviteTo(email, [[projectId, owner]]);
    const removed = await signUp(sut, inbox, { email });
    const res = await as(admin).delete('/api/admin/user', { email: removed.email, password: admin.password });
    expect(res.status).toBe(204);
    await expectWithdrawn(projectId, inviteId!, email, owner);
    expect((await team(projectId)).filter((l) => l.invited)).toEqual([]);
  });
});
