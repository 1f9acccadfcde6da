import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

let sut: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let admin: TestUser;
/** The owner's station in their private default project: outsiders may not see it. */
let privateStation: number;
/** The owner's station in a public project where `member` is on the team. */
let publicStation: number;
let publicProject: number;

const call = (method: string, p: string, token: string | null, body?: unknown, raw?: string) =>
  callAsReader(sut.url, method, p, { body, raw, token });

/** A multipart upload of `bytes` as the field "file". */
const upload = async (p: string, token: string | null, bytes: Buffer | null, name = 'file.bin'): Promise<Reply> => {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
  else form.append('other', 'nothing');
  const res = await fetch(`${sut.url}${p}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, headers: res.headers };
};

const png = (width = 64) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .gif()
    .toBuffer();
/** The opening boxes of an MPEG-4 audio file (what the phone app records). */
const m4a = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypM4A '),
    Buffer.alloc(4),
    Buffer.from('M4A mp42isom'),
    Buffer.alloc(64, 7),
  ]);
const caf = () => Buffer.concat([Buffer.from('caff'), Buffer.from([0, 1, 0, 0]), Buffer.alloc(64, 3)]);
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const registerStation = async (user: TestUser, name: string): Promise<number> => {
  const res = await call('POST', '/api/stations', user.token, { deviceId: newDeviceId(), name });
  if (res.status !== 200) throw new Error(`register station: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!['id'] as number;
};

const expectOk = (res: Reply, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  member = await signUp(sut, mailbox, { name: 'Member' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Site Admin', admin: true });

  // The first station goes into the owner's new private project.
  privateStation = await registerStation(owner, 'Private bench');
  publicStation = await registerStation(owner, 'Public pier');
  publicProject = expectOk(
    await call('POST', '/api/projects', owner.token, {
      name: 'Pier watch',
      description: 'Tides at the pier',
      goal: 'Open data',
      location: 'Harbor',
      privacy: 1,
    }),
  )['id'] as number;
  expectOk(await call('POST', `/api/projects/${publicProject}/stations/${publicStation}`, owner.token), 204);
  expectOk(await call('POST', `/api/projects/${publicProject}/invite`, owner.token, { email: member.email, role: 0 }));
  expectOk(await call('POST', `/api/projects/${publicProject}/invites/accept`, member.token));
});
afterAll(() => sut.close());

const notesOf = (stationId: number, token: string | null = owner.token) => call('GET', `/api/stations/${stationId}/notes`, token);
const saveNotes = (stationId: number, body: unknown, token: string | null = owner.token) =>
  call('PATCH', `/api/stations/${stationId}/notes`, token, body);
type NotesAnswer = {
  notes: { id: number; key: string; title: string; body: string; mediaIds: number[] }[];
  media: { id: number; key: string; noteKey: string | null; kind: string; url: string; stationImage: boolean }[];
  completion: number;
  version: number;
  readOnly: boolean;
  canManagePhotos: boolean;
  stationImageId: number | null;
};
const answer = (res: Reply) => expectOk(res) as unknown as NotesAnswer;

describe('station notes', () => {
  it('starts empty, read-only for those who may not write, writable for the owner', async () => {
    const empty = answer(await notesOf(publicStation));
    expect(empty).toMatchObject({ notes: [], media: [], completion: 0, version: 0, readOnly: false, canManagePhotos: true });
    expect(answer(await notesOf(publicStation, null))).toMatchObject({ readOnly: true, canManagePhotos: false });
    expect(answer(await notesOf(publicStation, stranger.token))).toMatchObject({ readOnly: true });
    expect(answer(await notesOf(publicStation, member.token))).toMatchObject({ readOnly: false, canManagePhotos: false });
  });

  it('creates notes by spec §5 (a body, or a custom title) and shows them at once with the completion', async () => {
    const saved = answer(
      await saveNotes(privateStation, {
        creating: [
          { key: 'studyObjective', body: 'Salinity through the seasons', mediaIds: [] },
          { key: 'sitePurpose', body: '', mediaIds: [] },
          { key: 'customKey', body: '', mediaIds: [], title: 'Access' },
          { key: 'siteCriteria', body: '   ', title: 'Ignored for this key' },
        ],
        notes: [],
      }),
    );
    expect(saved.notes.map((n) => [n.key, n.title, n.body])).toEqual([
      ['studyObjective', 'notes.studyObjective.title', 'Salinity through the seasons'],
      ['customKey', 'Access', ''],
    ]);
    expect(saved.completion).toBe(17); // one filled note of five, no photo: 1/6
    expect(saved.version).toBe(2);
    expect(answer(await notesOf(privateStation))).toEqual(saved);
  });

  it('updates an existing note; the default title sent back keeps a custom title', async () => {
    const before = answer(await notesOf(privateStation));
    const custom = before.notes.find((n) => n.key === 'customKey')!;
    const objective = before.notes.find((n) => n.key === 'studyObjective')!;
    const saved = answer(
      await saveNotes(privateStation, {
        creating: [{ key: 'siteDescription', body: 'Concrete pier, 3 m deep' }],
        notes: [
          { id: custom.id, key: 'customKey', body: 'Gate code at the office', mediaIds: [], title: 'notes.customKey.title' },
          { id: objective.id, key: 'studyObjective', body: 'Salinity through the seasons', mediaIds: [] },
        ],
        version: before.version,
      }),
    );
    expect(saved.notes.find((n) => n.key === 'customKey')).toMatchObject({ title: 'Access', body: 'Gate code at the office' });
    expect(saved.completion).toBe(50); // three filled notes: 3/6
    expect(saved.version).toBe(before.version + 2); // the unchanged note is not rewritten
  });

  it('answers 409 for a save over a newer version, and for creating a note someone else created meanwhile', async () => {
    const current = answer(await notesOf(privateStation));
    const objective = current.notes.find((n) => n.key === 'studyObjective')!;
    expect(
      await saveNotes(privateStation, { notes: [{ id: objective.id, body: 'Stale' }], version: current.version - 1 }),
    ).toMatchObject({ status: 409, body: { code: 'NOTES.CHANGED' } });
    expect(await saveNotes(privateStation, { creating: [{ key: 'studyObjective', body: 'Mine' }] })).toMatchObject({
      status: 409,
      body: { code: 'NOTES.ALREADY_CREATED' },
    });
    expect(answer(await notesOf(privateStation)).notes.find((n) => n.key === 'studyObjective')!.body).toBe(
      'Salinity through the seasons',
    );
  });

  it('lets exactly one of several saves made on the same version through; the others get 409', async () => {
    const { version } = answer(await notesOf(publicStation));
    const keys = ['studyObjective', 'siteDescription', 'customKey'];
    const replies = await Promise.all(
      keys.map((key) => saveNotes(publicStation, { creating: [{ key, body: `Written at once: ${key}` }], version })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(answer(await notesOf(publicStation)).version).toBe(version + 1);
  });

  it.each([
    ['an unknown key', { creating: [{ key: 'favouriteColour', body: 'x' }] }, ['creating.0.key']],
    [
      'a key twice',
      {
        creating: [
          { key: 'sitePurpose', body: 'x' },
          { key: 'sitePurpose', body: 'y' },
        ],
      },
      ['creating.1.key'],
    ],
    ['an unknown note', { notes: [{ id: 987654, body: 'x' }] }, ['notes.0.id']],
    ['unknown media', { creating: [{ key: 'sitePurpose', body: 'x', mediaIds: [987654] }] }, ['creating.0.mediaIds']],
    [
      'wrong types',
      { creating: [{ key: 'sitePurpose', body: 5, mediaIds: 'all' }], version: 'new' },
      ['creating.0.body', 'creating.0.mediaIds', 'version'],
    ],
    ['a body too long', { creating: [{ key: 'sitePurpose', body: 'x'.repeat(10_001) }] }, ['creating.0.body']],
    ['a title too long', { creating: [{ key: 'customKey', body: 'x', title: 't'.repeat(101) }] }, ['creating.0.title']],
  ])('answers 400 with field errors for %s', async (_case, body, fields) => {
    const res = await saveNotes(privateStation, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!['errors'] as object)).toEqual(expect.arrayContaining(fields));
  });

  it('refuses media of another station in a note', async () => {
    const photo = expectOk(await upload(`/api/stations/${publicStation}/media`, owner.token, await png(), 'a.png'));
    const res = await saveNotes(privateStation, { creating: [{ key: 'sitePurpose', body: 'x', mediaIds: [photo['id']] }] });
    expect(res).toMatchObject({ status: 400, body: { errors: { 'creating.0.mediaIds': expect.any(String) } } });
    expectOk(await call('DELETE', `/api/notes/media/${photo['id'] as number}`, owner.token), 204);
  });

  it('lets the team of a project holding the station write notes, and nobody else', async () => {
    expect(
      answer(await saveNotes(publicStation, { creating: [{ key: 'sitePurpose', body: 'Tide gauge' }] }, member.token)).notes,
    ).toContainEqual(expect.objectContaining({ key: 'sitePurpose', body: 'Tide gauge' }));
    expect(await saveNotes(publicStation, { creating: [{ key: 'siteCriteria', body: 'x' }] }, null)).toMatchObject({
      status: 401,
    });
    expect(await saveNotes(publicStation, { creating: [{ key: 'siteCriteria', body: 'x' }] }, stranger.token)).toMatchObject({
      status: 403,
      body: { code: 'AUTH.FORBIDDEN' },
    });
    expect(
      answer(await saveNotes(publicStation, { creating: [{ key: 'siteCriteria', body: 'By the admin' }] }, admin.token)).notes,
    ).toContainEqual(expect.objectContaining({ key: 'siteCriteria', body: 'By the admin' }));
  });

  it('answers 400 for bad ids and 404 for a station that does not exist', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) expect((await notesOf(id as unknown as number)).status).toBe(400);
    expect(await notesOf(987654)).toMatchObject({ status: 404, body: { code: 'STATION.NOT_FOUND' } });
    expect(await saveNotes(987654, { creating: [] })).toMatchObject({ status: 404 });
  });

  it('answers 4xx, never 500, for bodies that are not JSON objects', async () => {
    for (const raw of ['{"creating": ', '[1,2]', '"text"', 'null']) {
      const res = await call('PATCH', `/api/stations/${privateStation}/notes`, owner.token, undefined, raw);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('station media', () => {
  let photoId: number;
  let jpegId: number;
  let audioId: number;

  it('adds jpeg and png photos, checked by their bytes, and counts a photo in the completion', async () => {
    const before = answer(await notesOf(privateStation)).completion;
    const photo = expectOk(
      await upload(`/api/stations/${privateStation}/media`, owner.token, await png(), 'not-a-name-we-trust.gif'),
    );
    expect(photo).toMatchObject({ kind: 'photo', noteKey: null, contentType: 'image/png', stationImage: false });
    expect(photo['key']).toMatch(/\.png$/);
    photoId = photo['id'] as number;
    jpegId = expectOk(await upload(`/api/stations/${privateStation}/media?key=sitePurpose`, owner.token, await jpeg(), 'x.png'))[
      'id'
    ] as number;
    const after = answer(await notesOf(privateStation));
    expect(after.media.map((m) => [m.id, m.kind, m.noteKey])).toEqual([
      [photoId, 'photo', null],
      [jpegId, 'photo', 'sitePurpose'],
    ]);
    expect(after.completion).toBe(before + 17);
  });

  it('adds m4a and caf recordings to a note, and refuses them as station photos', async () => {
    const audio = expectOk(
      await upload(`/api/stations/${privateStation}/media?key=siteDescription`, owner.token, m4a(), 'a.m4a'),
    );
    expect(audio).toMatchObject({ kind: 'audio', noteKey: 'siteDescription', contentType: 'audio/mp4' });
    expect(audio['key']).toMatch(/\.m4a$/);
    audioId = audio['id'] as number;
    expect(expectOk(await upload(`/api/stations/${privateStation}/media?key=customKey`, owner.token, caf()))).toMatchObject({
      kind: 'audio',
      contentType: 'audio/x-caf',
    });
    expect(await upload(`/api/stations/${privateStation}/media`, owner.token, m4a())).toMatchObject({
      status: 400,
      body: { code: 'MEDIA.NOT_AN_IMAGE', errors: { file: expect.any(String) } },
    });
  });

  it.each([
    ['a gif', async () => gif(), '', 'MEDIA.NOT_AN_IMAGE'],
    ['garbage', async () => Buffer.from('definitely not a picture'), '', 'MEDIA.NOT_AN_IMAGE'],
    ['garbage for a note', async () => Buffer.from('definitely not a picture'), '?key=sitePurpose', 'MEDIA.UNSUPPORTED'],
    [
      'a png header over garbage',
      async () => Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(200, 1)]),
      '',
      'MEDIA.UNREADABLE',
    ],
  ])('refuses %s with 400', async (_case, bytes, query, code) => {
    const res = await upload(`/api/stations/${privateStation}/media${query}`, owner.token, await bytes());
    expect(res).toMatchObject({ status: 400, body: { code, errors: { file: expect.any(String) } } });
  });

  it('refuses an upload without a file (400), without sign-in (401), and from those who may not add', async () => {
    expect(await upload(`/api/stations/${privateStation}/media`, owner.token, null)).toMatchObject({ status: 400 });
    expect(await upload(`/api/stations/${privateStation}/media`, null, await png())).toMatchObject({ status: 401 });
    expect(await upload(`/api/stations/${privateStation}/media`, stranger.token, await png())).toMatchObject({
      status: 403,
      body: { code: 'STATION.PRIVATE' },
    });
    // Team members add note media, but station photos are the owner's.
    expect(await upload(`/api/stations/${publicStation}/media`, member.token, await png())).toMatchObject({ status: 403 });
    const forNote = expectOk(await upload(`/api/stations/${publicStation}/media?key=sitePurpose`, member.token, await png()));
    expectOk(await call('DELETE', `/api/notes/media/${forNote['id'] as number}`, member.token), 204);
    expect(await upload(`/api/stations/987654/media`, owner.token, await png())).toMatchObject({ status: 404 });
  });

  it('serves photos, resized when asked, and recordings as they are; private ones privately', async () => {
    const photo = await fetch(`${sut.url}/api/stations/${privateStation}/media/${photoId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toMatch(/private/);
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(64);
    const small = await fetch(`${sut.url}/api/stations/${privateStation}/media/${photoId}?size=32`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    // Asked at 32, served at the smallest fixed width (125), and never enlarged: this photo is 64 wide.
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(64);
    const audio = await fetch(`${sut.url}/api/stations/${privateStation}/media/${audioId}?size=32`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(m4a());
  });

  it('serves a public station photo to anyone, cacheable', async () => {
    const id = expectOk(await upload(`/api/stations/${publicStation}/media`, owner.token, await png(48)))['id'] as number;
    const res = await fetch(`${sut.url}/api/stations/${publicStation}/media/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expectOk(await call('DELETE', `/api/notes/media/${id}`, owner.token), 204);
  });

  it('hides a private station photo from outsiders (403) and answers 404 for media of another station or none', async () => {
    expect(await call('GET', `/api/stations/${privateStation}/media/${photoId}`, null)).toMatchObject({
      status: 403,
      body: { code: 'STATION.PRIVATE', message: "You don't have access to view this station." },
    });
    expect(await call('GET', `/api/stations/${privateStation}/media/${photoId}`, stranger.token)).toMatchObject({ status: 403 });
    expect(await call('GET', `/api/stations/${privateStation}/media/${photoId}`, admin.token)).toMatchObject({ status: 200 });
    expect(await call('GET', `/api/stations/${publicStation}/media/${photoId}`, owner.token)).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/stations/${privateStation}/media/987654`, owner.token)).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/stations/${privateStation}/media/${photoId}?size=5`, owner.token)).toMatchObject({
      status: 400,
    });
  });

  it('sets a photo as the station image; not a recording, not for others', async () => {
    const chosen = answer(await call('POST', `/api/stations/${privateStation}/photo/${jpegId}`, owner.token));
    expect(chosen.stationImageId).toBe(jpegId);
    expect(chosen.media.filter((m) => m.stationImage).map((m) => m.id)).toEqual([jpegId]);
    expect(answer(await call('POST', `/api/stations/${privateStation}/photo/${photoId}`, owner.token)).stationImageId).toBe(
      photoId,
    );
    expect(await call('POST', `/api/stations/${privateStation}/photo/${audioId}`, owner.token)).toMatchObject({
      status: 400,
      body: { code: 'MEDIA.NOT_A_PHOTO' },
    });
    expect(await call('POST', `/api/stations/${privateStation}/photo/987654`, owner.token)).toMatchObject({ status: 404 });
    expect(await call('POST', `/api/stations/${privateStation}/photo/${photoId}`, null)).toMatchObject({ status: 401 });
    expect(await call('POST', `/api/stations/${privateStation}/photo/${photoId}`, stranger.token)).toMatchObject({ status: 403 });
    const pub = expectOk(await upload(`/api/stations/${publicStation}/media?key=sitePurpose`, member.token, await png()));
    expect(await call('POST', `/api/stations/${publicStation}/photo/${pub['id'] as number}`, member.token)).toMatchObject({
      status: 403,
    });
    expectOk(await call('DELETE', `/api/notes/media/${pub['id'] as number}`, owner.token), 204);
  });

  it("keeps note photos off the station's photos unless chosen as its image, which then only the owner deletes", async () => {
    type StationPhotos = { photos: { id: number; isStationImage: boolean }[] };
    const photosOf = async () =>
      (expectOk(await call('GET', `/api/stations/${publicStation}`, member.token)) as unknown as StationPhotos).photos.map(
        (p) => [p.id, p.isStationImage],
      );
    const noteId = expectOk(await upload(`/api/stations/${publicStation}/media?key=sitePurpose`, member.token, await png()))[
      'id'
    ] as number;
    const stationPhotoId = expectOk(await upload(`/api/stations/${publicStation}/media`, owner.token, await png(40)))[
      'id'
    ] as number;
    expect(await photosOf()).toEqual([[stationPhotoId, false]]);

    answer(await call('POST', `/api/stations/${publicStation}/photo/${noteId}`, owner.token));
    expect(await photosOf()).toEqual([
      [noteId, true],
      [stationPhotoId, false],
    ]);
    expect(await call('DELETE', `/api/notes/media/${noteId}`, member.token)).toMatchObject({
      status: 403,
      body: { code: 'AUTH.FORBIDDEN' },
    });
    expectOk(await call('DELETE', `/api/notes/media/${noteId}`, owner.token), 204);
    expect(await photosOf()).toEqual([[stationPhotoId, false]]);
    expectOk(await call('DELETE', `/api/notes/media/${stationPhotoId}`, owner.token), 204);
  });

  it('deletes media: gone from notes, from the station image and from storage', async () => {
    const notes = answer(await notesOf(privateStation));
    const purpose = notes.notes.find((n) => n.key === 'siteDescription')!;
    answer(await saveNotes(privateStation, { notes: [{ id: purpose.id, mediaIds: [photoId, audioId] }] }));
    const files = async () => (await fs.readdir(path.join(sut.dataDir, 'media', 'stations', String(privateStation)))).length;
    const filesBefore = await files();

    expect(await call('DELETE', `/api/notes/media/${photoId}`, null)).toMatchObject({ status: 401 });
    expect(await call('DELETE', `/api/notes/media/${photoId}`, stranger.token)).toMatchObject({ status: 403 });
    expect(await call('DELETE', `/api/notes/media/${photoId}`, member.token)).toMatchObject({ status: 403 });
    expectOk(await call('DELETE', `/api/notes/media/${photoId}`, owner.token), 204);

    const after = answer(await notesOf(privateStation));
    expect(after.media.map((m) => m.id)).not.toContain(photoId);
    expect(after.stationImageId).toBeNull();
    expect(after.notes.find((n) => n.key === 'siteDescription')!.mediaIds).toEqual([audioId]);
    expect(await files()).toBe(filesBefore - 1);
    expect(await call('GET', `/api/stations/${privateStation}/media/${photoId}`, owner.token)).toMatchObject({ status: 404 });
    expect(await call('DELETE', `/api/notes/media/${photoId}`, owner.token)).toMatchObject({ status: 404 });
    expect(await call('DELETE', '/api/notes/media/abc', owner.token)).toMatchObject({ status: 400 });
  });
});

describe('field notes', () => {
  const list = async (stationId: number, token: string | null = owner.token) =>
    expectOk(await call('GET', `/api/station/${stationId}/station-notes`, token))['notes'] as {
      id: number;
      body: string;
      userId: number;
      author: { id: number; name: string; photo: unknown };
      canEdit: boolean;
      canDelete: boolean;
    }[];
  const add = (stationId: number, body: unknown, token: string | null) =>
    call('POST', `/api/station/${stationId}/station-note`, token, body);

  it('lists nothing at first, then notes newest first with their authors', async () => {
    expect(await list(publicStation, null)).toEqual([]);
    const first = expectOk(await add(publicStation, { body: JSON.stringify(doc('Cleaned the probe')) }, owner.token));
    const second = expectOk(
      await add(publicStation, { userId: owner.id, body: JSON.stringify(doc('Saw an egret')) }, stranger.token),
    );
    expect(second).toMatchObject({ userId: stranger.id, author: { id: stranger.id, name: 'Stranger', photo: null } });
    const notes = await list(publicStation, null);
    expect(notes.map((n) => n.id)).toEqual([second['id'], first['id']]);
    expect(notes[0]).toMatchObject({
      canEdit: false,
      canDelete: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await list(publicStation, stranger.token))[0]).toMatchObject({ canEdit: true, canDelete: true });
  });

  it.each([
    ['an empty body', { body: '' }],
    ['a blank body', { body: '   ' }],
    ['an empty document', { body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }) }],
    ['no body', {}],
  ])('refuses %s with "There\'s nothing to save."', async (_case, body) => {
    expect(await add(publicStation, body, owner.token)).toMatchObject({
      status: 400,
      body: { errors: { body: "There's nothing to save." } },
    });
  });

  it('takes a document sent as JSON, and plain text', async () => {
    expect(expectOk(await add(publicStation, { body: doc('As an object') }, owner.token))['body']).toBe(
      JSON.stringify(doc('As an object')),
    );
    expect(expectOk(await add(publicStation, { body: 'plain words' }, owner.token))['body']).toBe('plain words');
  });

  it('lets only the author edit, and refuses an empty edit', async () => {
    const note = expectOk(await add(publicStation, { body: 'first draft' }, member.token));
    const at = `/api/station/${publicStation}/station-note/${note['id'] as number}`;
    expect(expectOk(await call('POST', at, member.token, { body: 'second draft' }))).toMatchObject({ body: 'second draft' });
    expect((await list(publicStation)).find((n) => n.id === note['id'])!.body).toBe('second draft');
    expect(await call('POST', at, member.token, { body: ' ' })).toMatchObject({ status: 400 });
    expect(await call('POST', at, owner.token, { body: 'hijack' })).toMatchObject({ status: 403 });
    expect(await call('POST', at, admin.token, { body: 'hijack' })).toMatchObject({ status: 403 });
    expect(await call('POST', at, null, { body: 'hijack' })).toMatchObject({ status: 401 });
  });

  it('answers concurrent edits of one note with 200 or 409, never a lost update or a 500', async () => {
    const note = expectOk(await add(publicStation, { body: 'draft 0' }, member.token))['id'] as number;
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call('POST', `/api/station/${publicStation}/station-note/${note}`, member.token, { body: `draft ${n}` }),
      ),
    );
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const won = replies.filter((r) => r.status === 200).map((r) => r.body!['body']);
    expect(won.length).toBeGreaterThan(0);
    expect(won).toContain((await list(publicStation)).find((n) => n.id === note)!.body);
  });

  it('lets the author or a site admin delete, under both paths', async () => {
    const mine = expectOk(await add(publicStation, { body: 'to delete' }, member.token))['id'] as number;
    const other = expectOk(await add(publicStation, { body: 'admin deletes' }, member.token))['id'] as number;
    expect(await call('DELETE', `/api/station/${publicStation}/station-note/${mine}`, owner.token)).toMatchObject({
      status: 403,
    });
    expectOk(await call('DELETE', `/api/station/${publicStation}/station-note/${mine}`, member.token), 204);
    expectOk(await call('DELETE', `/api/stations/${publicStation}/field-notes/${other}`, admin.token), 204);
    const ids = (await list(publicStation)).map((n) => n.id);
    expect(ids).not.toContain(mine);
    expect(ids).not.toContain(other);
    expect(await call('DELETE', `/api/station/${publicStation}/station-note/${mine}`, member.token)).toMatchObject({
      status: 404,
    });
    expect(await call('POST', `/api/station/${publicStation}/station-note/${mine}`, member.token, { body: 'x' })).toMatchObject({
      status: 404,
    });
  });

  it('answers 404 for a note id that is not on the station in the path, and 400 for bad ids', async () => {
    const note = expectOk(await add(publicStation, { body: 'on the pier' }, owner.token))['id'] as number;
    expect(await call('POST', `/api/station/${privateStation}/station-note/${note}`, owner.token, { body: 'x' })).toMatchObject({
      status: 404,
    });
    expect(await call('DELETE', `/api/stations/${privateStation}/field-notes/${note}`, owner.token)).toMatchObject({
      status: 404,
    });
    expect(await call('DELETE', `/api/station/${publicStation}/station-note/xyz`, owner.token)).toMatchObject({ status: 400 });
    expect(await call('GET', '/api/station/987654/station-notes', owner.token)).toMatchObject({ status: 404 });
  });

  it("keeps a private station's field notes from outsiders (403) and open to its team", async () => {
    const note = expectOk(await add(privateStation, { body: 'private visit' }, owner.token))['id'] as number;
    for (const token of [null, stranger.token]) {
      expect(await call('GET', `/api/station/${privateStation}/station-notes`, token)).toMatchObject({
        status: 403,
        body: { code: 'STATION.PRIVATE' },
      });
    }
    expect(await add(privateStation, { body: 'x' }, stranger.token)).toMatchObject({ status: 403 });
    expect(
      await call('POST', `/api/station/${privateStation}/station-note/${note}`, stranger.token, { body: 'x' }),
    ).toMatchObject({
      status: 403,
    });
    expect(await call('DELETE', `/api/station/${privateStation}/station-note/${note}`, stranger.token)).toMatchObject({
      status: 403,
    });
    expect((await list(privateStation, admin.token)).map((n) => n.id)).toEqual([note]);
  });
});

describe('a private station', () => {
  it('answers 403 to outsiders on every notes and media call, with the spec message', async () => {
    const media = answer(await notesOf(privateStation)).media[0]!;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/stations/${privateStation}/notes`],
      ['PATCH', `/api/stations/${privateStation}/notes`, { creating: [] }],
      ['GET', `/api/stations/${privateStation}/media/${media.id}`],
      ['POST', `/api/stations/${privateStation}/photo/${media.id}`],
      ['DELETE', `/api/notes/media/${media.id}`],
      ['GET', `/api/station/${privateStation}/station-notes`],
      ['POST', `/api/station/${privateStation}/station-note`, { body: 'x' }],
    ];
    for (const [method, p, body] of calls) {
      expect({ call: `${method} ${p}`, ...(await call(method, p, stranger.token, body)) }).toMatchObject({
        status: 403,
        body: { code: 'STATION.PRIVATE', message: "You don't have access to view this station." },
      });
    }
    expect(await call('GET', `/api/stations/${privateStation}/notes`, null)).toMatchObject({ status: 403 });
  });
});
