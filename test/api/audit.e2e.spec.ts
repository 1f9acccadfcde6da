import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AuditCorrelation, AuditHistory } from '../../libs/contracts/src/index.js';
import { auditedStreamOf } from '../../libs/domain/src/index.js';
import { DemoReadingsSeeder } from '../../apps/api/src/seed/demo-readings.js';
import { bearerOf, callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';
import { readModelOf, same } from '../audit/audit-states.js';

/**
 * Audit replay over HTTP (issue 29): a stream's events with their actor and ids, the state as of
 * any event by position or time with its diff, correlations across streams, who may see what
 * (404 for a private project's outsiders), personal fields for site admins only and "erased"
 * after an account deletion, and an event of the first release read back in its current shape.
 */
let sut: TestApp;
let demoAdmin: string;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let siteAdmin: TestUser;

const call = (method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) =>
  callAsReader(sut.url, method, url, { token, headers, ...(body === undefined ? {} : { body }) });
const ok = async (method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
  const reply = await call(method, url, token, body, headers);
  if (reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body ?? {};
};
const history = async (stream: string, token: string | null, query = '') => {
  const reply = await callApi(sut.url, 'GET', `/api/audit/streams/${stream}${query}`, { token });
  return { status: reply.status, body: reply.body as unknown as AuditHistory, text: JSON.stringify(reply.body) };
};
const project = (name: string, privacy: number) => ({ name, description: 'd', goal: 'g', location: 'l', privacy });

beforeAll(async () => {
  sut = await startTestApp({ SEED_DEMO_DATA: 'true', SEED_DEMO_DAYS: '0' });
  await sut.app.get(DemoReadingsSeeder).settled();
  const text = await fs.readFile(path.join(sut.dataDir, 'demo-account.txt'), 'utf8');
  const login = await callApi(sut.url, 'POST', '/api/login', {
    body: { email: /e-mail: (\S+)/.exec(text)![1]!, password: /password: (\S+)/.exec(text)![1]! },
  });
  demoAdmin = bearerOf(login);
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'History Owner' });
  member = await signUp(sut, mailbox, { name: 'History Member' });
  outsider = await signUp(sut, mailbox, { name: 'History Outsider' });
  siteAdmin = await signUp(sut, mailbox, { name: 'History Admin', admin: true });
}, 240_000);
afterAll(async () => sut.close());

describe('the demo data', () => {
  it("gives, for every stream with a read model, the read model's rows as the audit state at its latest event", async () => {
    const { rows } = await sut.runtime.pool.query<{ stream_id: string }>('SELECT DISTINCT stream_id FROM gt_events');
    const compared: Record<string, number> = {};
    const differ: unknown[] = [];
    for (const { stream_id: streamId } of rows) {
      const kind = auditedStreamOf(streamId)?.stream.kind;
      const check = kind === undefined ? undefined : readModelOf[kind];
      if (!check) continue;
      const h = await history(streamId, demoAdmin);
      expect({ streamId, status: h.status }).toEqual({ streamId, status: 200 });
      const { audit, readModel } = await check.compare(
        sut.runtime.pool,
        (t) => t,
        auditedStreamOf(streamId)!.id,
        h.body.state as never,
      );
      compared[kind!] = (compared[kind!] ?? 0) + 1;
      if (!same({ audit, readModel })) differ.push({ streamId, audit, readModel });
    }
    expect(differ).toEqual([]);
    // The demo's projects, stations, accounts, notes and field note were all compared.
    for (const kind of ['project', 'station', 'user', 'station-notes', 'field-note']) expect(compared[kind]).toBeGreaterThan(0);
  });
});

describe("a project's history", () => {
  let projectId = 0;
  const correlationId = `rename-${randomUUID()}`;

  beforeAll(async () => {
    projectId = (await ok('POST', '/api/projects', owner.token, project('Old Name', 0)))['id'] as number;
    await ok('POST', `/api/projects/${projectId}/invite`, owner.token, { email: member.email, role: 0 });
    await ok('POST', `/api/projects/${projectId}/invites/accept`, member.token);
    await new Promise((r) => setTimeout(r, 20)); // a time between the events for atTime
    await ok('PATCH', `/api/projects/${projectId}`, owner.token, { name: 'New Name' }, { 'x-correlation-id': correlationId });
  });

  it('lists every event with its type, time, positions, actor and ids, and the state at the latest with its diff', async () => {
    const h = await history(`project-${projectId}`, owner.token);
    expect(h.status).toBe(200);
    expect(h.body.events.map((e) => e.type)).toEqual([
      'ProjectCreated',
      'ProjectMemberInvited',
      'ProjectInviteAccepted',
      'ProjectUpdated',
    ]);
    expect(h.body).toMatchObject({ streamId: `project-${projectId}`, kind: 'project', total: 4, at: 3 });
    const last = h.body.events[3]!;
    expect(last).toMatchObject({ revision: 3, actor: owner.id, correlationId, data: { changes: { name: 'New Name' } } });
    expect(last.position).toMatch(/^\d+\/\d+$/);
    expect(h.body.events[2]!.actor).toBe(member.id);
    expect(h.body.state).toMatchObject({ status: 'active', details: { name: 'New Name' } });
    expect(h.body.diff).toEqual([{ path: 'details.name', before: 'Old Name', after: 'New Name' }]);
  });

  it('shows the state as of an earlier event by position and by time, and nothing before the first', async () => {
    const first = await history(`project-${projectId}`, owner.token, '?at=0');
    expect(first.body.state).toMatchObject({ details: { name: 'Old Name', showExactLocation: true } });
    expect(first.body.diff).toContainEqual({ path: 'details.name', before: null, after: 'Old Name' });
    // Accepting turns the invitation (its address erased with its key once answered) into a member.
    const accepted = await history(`project-${projectId}`, owner.token, '?at=2');
    const inviteId = (accepted.body.events[1]!.data as { inviteId: number }).inviteId;
    expect(accepted.body.diff).toEqual([
      { path: `invites.${inviteId}.email`, before: { $hidden: 'erased' }, after: null },
      { path: `invites.${inviteId}.role`, before: 'member', after: null },
      { path: `invites.${inviteId}.tokenHash`, before: { $hidden: 'secret' }, after: null },
      { path: `members.${member.id}`, before: null, after: 'member' },
    ]);

    const events = (await history(`project-${projectId}`, owner.token)).body.events;
    const justBeforeRename = new Date(Date.parse(events[3]!.occurredAt) - 1).toISOString();
    const byTime = await history(`project-${projectId}`, owner.token, `?atTime=${justBeforeRename}`);
    expect(byTime.body).toMatchObject({ at: 2, state: { details: { name: 'Old Name' } } });
    const atRename = await history(`project-${projectId}`, owner.token, `?atTime=${events[3]!.occurredAt}`);
    expect(atRename.body.at).toBe(3);
    const before = await history(`project-${projectId}`, owner.token, '?atTime=2000-01-01T00:00:00Z');
    expect(before.body).toMatchObject({ at: null, state: { status: 'absent' }, diff: [] });
  });

  it('pages the events', async () => {
    const page = await history(`project-${projectId}`, owner.token, '?limit=2&at=3');
    expect(page.body).toMatchObject({ from: 2, total: 4 });
    expect(page.body.events.map((e) => e.revision)).toEqual([2, 3]);
    expect((await history(`project-${projectId}`, owner.token, '?limit=2&from=1')).body.events.map((e) => e.revision)).toEqual([
      1, 2,
    ]);
  });

  it("withholds a pending invitee's address from the project's administrators, shows it to site admins, and never a hash", async () => {
    const invitee = `pending-${randomUUID()}@example.org`;
    await ok('POST', `/api/projects/${projectId}/invite`, owner.token, { email: invitee, role: 0 });
    const mine = await history(`project-${projectId}`, owner.token);
    const invited = mine.body.events.length - 1;
    expect(mine.body.events[invited]!.data).toMatchObject({ pii: { $hidden: 'personal' }, tokenHash: { $hidden: 'secret' } });
    const inviteId = (mine.body.events[invited]!.data as { inviteId: number }).inviteId;
    expect(mine.body.state).toMatchObject({ invites: { [String(inviteId)]: { email: { $hidden: 'personal' } } } });
    expect(mine.text).not.toContain(invitee);
    const admins = await history(`project-${projectId}`, siteAdmin.token);
    expect(admins.body.events[invited]!.data).toMatchObject({ pii: { email: invitee }, tokenHash: { $hidden: 'secret' } });
    // The answered invitation's address is gone for everyone: its key was destroyed when it was accepted.
    expect(admins.body.events[1]!.data).toMatchObject({ pii: { $hidden: 'erased' } });
    expect(admins.text).not.toContain(member.email);
  });

  it('is 404 to outsiders of the private project, 403 to its members, 401 signed out', async () => {
    const outsiders = await history(`project-${projectId}`, outsider.token);
    expect(outsiders.status).toBe(404);
    expect(outsiders.text).not.toContain('Old Name');
    expect((await history(`project-${projectId}`, member.token)).status).toBe(403);
    expect((await history(`project-${projectId}`, null)).status).toBe(401);
    // The same 404 as for a project that does not exist.
    expect((await history('project-987654321', outsider.token)).body).toEqual(outsiders.body);
    expect((await history(`project-${projectId}`, siteAdmin.token)).status).toBe(200);
  });

  it('finds the events of one correlation across streams, only in streams the asker may read', async () => {
    const stationId = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'Pier' }))['id'] as number;
    await ok(
      'PATCH',
      `/api/stations/${stationId}`,
      owner.token,
      { description: 'same request chain' },
      { 'x-correlation-id': correlationId },
    );
    const reply = await callApi(sut.url, 'GET', `/api/audit/correlations/${correlationId}`, { token: owner.token });
    expect(reply.status).toBe(200);
    const found = reply.body as unknown as AuditCorrelation;
    expect(found.events.map((e) => `${e.streamId} ${e.type}`)).toEqual([
      `project-${projectId} ProjectUpdated`,
      `station-${stationId} StationUpdated`,
    ]);
    expect(found.hidden).toBe(0);
    // The member may read neither stream's history: nothing to show.
    expect((await callApi(sut.url, 'GET', `/api/audit/correlations/${correlationId}`, { token: member.token })).status).toBe(404);
  });
});

describe("a station's history", () => {
  it('is its owner’s and site admins’; others are refused', async () => {
    const stationId = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'First' }))[
      'id'
    ] as number;
    await ok('PATCH', `/api/stations/${stationId}`, owner.token, { name: 'Second' });
    const h = await history(`station-${stationId}`, owner.token, '?at=0');
    expect(h.body).toMatchObject({ kind: 'station', total: 2, state: { details: { name: 'First' } } });
    expect((await history(`station-${stationId}`, outsider.token)).status).toBe(404); // private: in no public project
    expect((await history(`station-notes-${stationId}`, outsider.token)).status).toBe(404);
    expect((await history(`station-${stationId}`, siteAdmin.token)).status).toBe(200);
  });
});

describe('an account deleted since', () => {
  it('reads "erased" where its personal data was, for site admins too, never ciphertext and never an error', async () => {
    const gone = await signUp(sut, outboxOf(sut.dataDir), { name: 'Soon Gone' });
    const before = await history(`user-${gone.id}`, siteAdmin.token, '?at=0');
    expect(before.body.events[0]!.data).toMatchObject({
      pii: { email: gone.email, name: 'Soon Gone', passwordHash: { $hidden: 'secret' } },
    });
    expect((await history(`user-${gone.id}`, owner.token)).status).toBe(403);

    const deleted = await callApi(sut.url, 'DELETE', '/api/auth/delete-account', {
      token: gone.token,
      body: { email: gone.email, password: gone.password },
    });
    expect(deleted.status).toBe(204);

    const after = await history(`user-${gone.id}`, siteAdmin.token, '?at=0');
    expect(after.status).toBe(200);
    expect(after.body.events[0]!.data).toMatchObject({ pii: { $hidden: 'erased' } });
    expect(after.body.state).toMatchObject({ email: { $hidden: 'erased' }, name: { $hidden: 'erased' } });
    const latest = await history(`user-${gone.id}`, siteAdmin.token);
    expect(latest.body.state).toMatchObject({ status: 'deleted' });
    for (const text of [after.text, latest.text]) {
      expect(text).not.toContain(gone.email);
      expect(text).not.toContain('Soon Gone');
      expect(text).not.toMatch(/\$sealed|gt1\./);
    }
    // The deletion's correlation: every event the one request caused.
    const deletion = latest.body.events[latest.body.events.length - 1]!;
    const chain = await callApi(sut.url, 'GET', `/api/audit/correlations/${deletion.correlationId}`, { token: siteAdmin.token });
    expect((chain.body as unknown as AuditCorrelation).events.map((e) => e.type)).toContain(deletion.type);
  });
});

describe('an event of the first release', () => {
  it('reads back in its current shape, in the history and in the state', async () => {
    // ProjectCreated before showExactLocation existed, as the first release stored it.
    const streamId = 'project-555000001';
    const data = {
      projectId: 555000001,
      slug: 'first-release',
      name: 'First Release',
      description: '',
      goal: '',
      location: '',
      tags: [],
      privacy: 1,
      showStations: true,
      bounds: null,
      startTime: null,
      endTime: null,
      createdBy: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    const metadata = { correlationId: 'first', causationId: 'first', userId: null, occurredAt: data.createdAt };
    await sut.runtime.pool.query(
      `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'ProjectCreated', $3, $4)`,
      [streamId, randomUUID(), JSON.stringify(data), JSON.stringify(metadata)],
    );
    const stored = await sut.runtime.pool.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM gt_events WHERE stream_id = $1',
      [streamId],
    );
    expect(stored.rows[0]!.data).not.toHaveProperty('showExactLocation'); // the control: stored in the old shape

    const h = await history(streamId, siteAdmin.token);
    expect(h.body.events[0]!.data).toMatchObject({ showExactLocation: true });
    expect(h.body.state).toMatchObject({ details: { showExactLocation: true } });
  });
});

describe('bad input', () => {
  it.each([
    ['?at=-1'],
    ['?at=abc'],
    ['?at=99'],
    ['?limit=0'],
    ['?limit=501'],
    ['?atTime=yesterday'],
    ['?at=0&atTime=2026-01-01T00:00:00Z'],
  ])('answers 400 to %s', async (query) => {
    const projectId = (await ok('POST', '/api/projects', owner.token, project('Bad input', 1)))['id'] as number;
    expect((await history(`project-${projectId}`, owner.token, query)).status).toBe(400);
  });

  it('answers 400 to a name that is no stream name and 404 to a kind the audit does not know', async () => {
    expect((await history('Project%201', siteAdmin.token)).status).toBe(400);
    expect((await history('widget-1', siteAdmin.token)).status).toBe(404);
    expect((await callApi(sut.url, 'GET', '/api/audit/correlations/%20x', { token: siteAdmin.token })).status).toBe(400);
  });
});
