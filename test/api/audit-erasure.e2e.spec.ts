import { randomUUID } from 'node:crypto';
import type { AuditHistory } from '../../libs/contracts/src/index.js';
import { rebuildProjection } from '../../libs/platform/src/index.js';
import { ExportRunner } from '../../apps/projector/src/exports/export-runner.js';
import { discussionsProjection } from '../../apps/projector/src/projections/index.js';
import { callApi, outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

/**
 * Issue 29, what the erasure of an account means for its words, and exports as streams: a post's
 * body is sealed with its author's key, so after the account is deleted the history shows
 * "erased" (never ciphertext, never an error), the state as of any event still folds and equals
 * the discussions read model, the discussion shows the post as erased with its replies, and a
 * rebuild of the read model (also over a post stored in clear before bodies were sealed) brings
 * nothing back. An export's life is a stream its owner and site admins can read.
 */
let sut: TestApp;
let mailbox: Mailbox;
let owner: TestUser;
let replier: TestUser;
let siteAdmin: TestUser;
let projectId = 0;

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callAsReader(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });
const ok = async (method: string, path: string, token: string, body?: unknown) => {
  const reply = await call(method, path, token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as Record<string, unknown>;
};
const history = async (stream: string, token: string, query = '') => {
  const reply = await callApi(sut.url, 'GET', `/api/audit/streams/${stream}${query}`, { token });
  return { status: reply.status, body: reply.body as unknown as AuditHistory, text: JSON.stringify(reply.body) };
};
const doc = (t: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }] });

type Post = { id: number; body: string; deleted: boolean; erased: boolean; author: { name: string }; replies?: Post[] };
const discussion = async () => ((await ok('GET', `/api/discussion/projects/${projectId}`, owner.token))['posts'] as Post[]) ?? [];

type PostRow = { body: string; erased: boolean; deleted: boolean; edits: number; author_id: string; thread_id: string | null };
const rowOf = async (postId: number): Promise<PostRow> =>
  (
    await sut.runtime.pool.query<PostRow>(
      'SELECT body, erased, deleted, edits, author_id, thread_id FROM discussion_posts WHERE id = $1',
      [postId],
    )
  ).rows[0]!;

/** The audit's state (a site admin's view) and the read model's row, side by side, in the read model's terms. */
const foldAgainstRow = (state: unknown, row: PostRow) => {
  const s = state as { status: string; authorId: number; threadId: number | null; body: unknown; edits: number };
  const erased = typeof s.body === 'object' && s.body !== null && (s.body as { $hidden?: string }).$hidden === 'erased';
  return {
    audit: {
      deleted: s.status === 'deleted',
      author: s.authorId,
      thread: s.threadId,
      body: erased ? '' : s.body,
      erased,
      edits: s.edits,
    },
    readModel: {
      deleted: row.deleted,
      author: Number(row.author_id),
      thread: row.thread_id === null ? null : Number(row.thread_id),
      body: row.body,
      erased: row.erased,
      edits: row.edits,
    },
  };
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i >= 100) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

const deleteAccount = async (user: TestUser) => {
  const deleted = await callApi(sut.url, 'DELETE', '/api/auth/delete-account', {
    token: user.token,
    body: { email: user.email, password: user.password },
  });
  expect(deleted.status).toBe(204);
};

beforeAll(async () => {
  sut = await startTestApp({ AUTH_RATE_LIMIT: '100000' });
  mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Erasure Owner' });
  replier = await signUp(sut, mailbox, { name: 'Erasure Replier' });
  siteAdmin = await signUp(sut, mailbox, { name: 'Erasure Admin', admin: true });
  projectId = (
    await ok('POST', '/api/projects', owner.token, { name: 'Erasure', description: 'd', goal: 'g', location: 'l', privacy: 1 })
  )['id'] as number;
}, 240_000);
afterAll(async () => sut?.close());

describe("an erased author's posts", () => {
  it('show "erased" in the history, fold to the read model, and keep their replies in the discussion', async () => {
    const author = await signUp(sut, mailbox, { name: 'Words Author' });
    const top = (await ok('POST', '/api/discussion', author.token, { post: { projectId, body: doc('Heron nest at pier B') } }))[
      'post'
    ] as Post;
    await ok('POST', `/api/discussion/${top.id}`, author.token, { body: doc('Heron nest at pier C') });
    const reply = (await ok('POST', '/api/discussion', replier.token, { post: { threadId: top.id, body: doc('Seen it too') } }))[
      'post'
    ] as Post;

    // Control, before the deletion: a site admin reads the words, and the fold equals the row.
    const before = await history(`post-${top.id}`, siteAdmin.token);
    expect(before.status).toBe(200);
    expect(before.body.events.map((e) => e.type)).toEqual(['PostCreated', 'PostEdited']);
    expect(before.body.events[0]!.data).toMatchObject({ pii: { body: doc('Heron nest at pier B') } });
    expect(before.body.state).toMatchObject({ body: doc('Heron nest at pier C'), edits: 1 });
    const beforeSide = foldAgainstRow(before.body.state, await rowOf(top.id));
    expect(beforeSide.audit).toEqual(beforeSide.readModel);
    expect(beforeSide.audit.erased).toBe(false);
    // The log holds the words sealed, never in clear.
    const stored = await sut.runtime.pool.query<{ data: string }>(
      'SELECT data::text AS data FROM gt_events WHERE stream_id = $1',
      [`post-${top.id}`],
    );
    expect(stored.rows.map((r) => r.data).join()).not.toContain('Heron');
    expect(stored.rows[0]!.data).toContain('$sealed');

    await deleteAccount(author);

    for (const query of ['', '?at=0']) {
      const after = await history(`post-${top.id}`, siteAdmin.token, query);
      expect(after.status).toBe(200);
      for (const e of after.body.events) expect(e.data).toMatchObject({ pii: { $hidden: 'erased' } });
      expect(after.body.state).toMatchObject({ status: 'live', body: { $hidden: 'erased' } });
      expect(after.text).not.toContain('Heron');
      expect(after.text).not.toMatch(/\$sealed|gt1\./);
    }
    const latest = await history(`post-${top.id}`, siteAdmin.token);
    const row = await until(
      () => rowOf(top.id),
      (r) => r.erased,
    );
    const side = foldAgainstRow(latest.body.state, row);
    expect(side.audit).toEqual(side.readModel);
    expect(side.audit).toMatchObject({ erased: true, body: '', edits: 1 });
    // Control: the comparison sees a difference (the state before the deletion against today's row).
    expect(foldAgainstRow(before.body.state, row).audit).not.toEqual(side.readModel);

    // The discussion: the post stays, erased and empty, its reply (another person's) kept whole.
    const shown = (await discussion()).find((p) => p.id === top.id)!;
    expect(shown).toMatchObject({ erased: true, deleted: false, body: '' });
    expect(shown.replies!.map((r) => [r.id, r.body, r.erased])).toEqual([[reply.id, doc('Seen it too'), false]]);
    expect(JSON.stringify(await discussion())).not.toContain('Heron');
  });

  it('stay erased when the discussions read model is rebuilt, also a post stored in clear before bodies were sealed', async () => {
    const author = await signUp(sut, mailbox, { name: 'Old Author' });
    const sealed = (await ok('POST', '/api/discussion', author.token, { post: { projectId, body: doc('Otter by the weir') } }))[
      'post'
    ] as Post;
    // A post as the first release of discussions stored it: its body in clear, no pii.
    const oldId = 880_000_000 + Math.floor(Math.random() * 1_000_000);
    const at = new Date().toISOString();
    const data = {
      postId: oldId,
      authorId: author.id,
      projectId,
      bookmark: null,
      threadId: null,
      body: doc('Kingfisher on the old post'),
      mentions: [],
      createdAt: at,
    };
    await sut.runtime.pool.query(
      `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'PostCreated', $3, $4)`,
      [
        `post-${oldId}`,
        randomUUID(),
        JSON.stringify(data),
        JSON.stringify({ correlationId: 'old', causationId: 'old', userId: author.id, occurredAt: at }),
      ],
    );
    // And its edit as that release stored it: no author named, body in clear.
    await sut.runtime.pool.query(
      `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 1, $2, 'PostEdited', $3, $4)`,
      [
        `post-${oldId}`,
        randomUUID(),
        JSON.stringify({ postId: oldId, body: doc('Kingfisher edited'), mentions: [], editedAt: at }),
        JSON.stringify({ correlationId: 'old-edit', causationId: 'old-edit', userId: author.id, occurredAt: at }),
      ],
    );
    // The old shape reads back in the current one, words shown to a site admin while the author is here.
    const oldBefore = await history(`post-${oldId}`, siteAdmin.token);
    expect(oldBefore.body.events[0]!.data).toMatchObject({ pii: { body: doc('Kingfisher on the old post') } });
    expect(oldBefore.body.events[1]!.data).toMatchObject({ piiSubject: null, pii: { body: doc('Kingfisher edited') } });
    expect(oldBefore.body.state).toMatchObject({ body: doc('Kingfisher edited'), edits: 1 });

    await deleteAccount(author);
    const oldAfter = await history(`post-${oldId}`, siteAdmin.token);
    expect(oldAfter.status).toBe(200);
    for (const e of oldAfter.body.events) expect(e.data).toMatchObject({ pii: { $hidden: 'erased' } });
    expect(oldAfter.body.state).toMatchObject({ body: { $hidden: 'erased' }, edits: 1 });
    expect(oldAfter.text).not.toContain('Kingfisher');

    await rebuildProjection(sut.runtime.pool, sut.runtime.store, discussionsProjection, sut.runtime.log);
    for (const id of [sealed.id, oldId]) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ body: '', erased: true, deleted: false });
      const side = foldAgainstRow((await history(`post-${id}`, siteAdmin.token)).body.state, row);
      expect(side.audit).toEqual(side.readModel);
    }
    const text = JSON.stringify(await discussion());
    expect(text).not.toContain('Otter');
    expect(text).not.toContain('Kingfisher');
    // Control: the rebuild kept what was not erased (the first test's reply, by an author still here).
    expect(text).toContain('Seen it too');
  });
});

describe("an export's history", () => {
  it('lists its events in order with the actor, to its owner and site admins only', async () => {
    const station = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'Export history' }))[
      'id'
    ] as number;
    const job = (await ok('POST', `/api/export/csv?stations=${station}&start=0&end=${Date.now()}&tz=UTC`, owner.token)) as {
      id: number;
      statusUrl: string;
    };
    const done = await until(
      async () => ok('GET', job.statusUrl, owner.token),
      (s) => s['state'] === 'done' || s['state'] === 'failed',
    );
    expect(done['state']).toBe('done');
    const stream = `export-${job.id}`;
    const h = await until(
      () => history(stream, owner.token),
      (r) => r.body.events?.length === 3,
    );
    expect(h.status).toBe(200);
    expect(h.body.events.map((e) => [e.type, e.actor, e.revision])).toEqual([
      ['ExportRequested', owner.id, 0],
      ['ExportStarted', null, 1],
      ['ExportCompleted', null, 2],
    ]);
    expect(h.body.events[2]!.data).toMatchObject({ size: done['size'], rows: 0, fileName: done['fileName'] });
    // One chain: the runner's events carry the request's correlation, each caused by the one before.
    const [requested, started, completed] = h.body.events;
    expect(new Set(h.body.events.map((e) => e.correlationId))).toEqual(new Set([requested!.correlationId]));
    expect([started!.causationId, completed!.causationId]).toEqual([requested!.eventId, started!.eventId]);
    expect(h.body.state).toMatchObject({ status: 'done', ownerId: owner.id, attempts: 1 });

    // Its retention ends: the sweep deletes the file and the stream says so.
    await sut.runtime.pool.query(`UPDATE gt_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
    await sut.app.get(ExportRunner, { strict: false }).sweepExpired();
    const expired = await history(stream, owner.token);
    expect(expired.body.events.map((e) => e.type)).toEqual([
      'ExportRequested',
      'ExportStarted',
      'ExportCompleted',
      'ExportExpired',
    ]);
    expect(expired.body.state).toMatchObject({ status: 'expired' });
    expect(expired.body.diff).toEqual([{ path: 'status', before: 'done', after: 'expired' }]);

    expect((await history(stream, siteAdmin.token)).status).toBe(200);
    expect((await history(stream, replier.token)).status).toBe(404); // someone else's: not there for them
    expect((await history('export-999999999', owner.token)).status).toBe(404);
  });
});
