import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { S3BlobStore } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestS3, type TestS3 } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Where uploaded media lives: a folder under DATA_DIR by default, an S3-compatible bucket when
 * S3_BUCKET is set. Both are exercised through a real upload, resized read and erasure.
 */
const png = async (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const uploadPhoto = async (app: TestApp, token: string, bytes: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'me.png');
  const res = await fetch(`${app.url}/api/user/media`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
};

/** A person whose profile is public, so that anyone may fetch their photo (issue 13: photos follow publicProfile). */
const signUpPublic = async (app: TestApp) => {
  const user = await signUp(app, outboxOf(app.dataDir));
  const made = await callAsReader(app.url, 'PATCH', `/api/users/${user.id}`, {
    token: user.token,
    body: { publicProfile: true },
  });
  expect(made.status).toBe(200);
  return user;
};

const widthOf = async (res: Response) => (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;

describe('media in the data folder (the default)', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await startTestApp();
  });
  afterAll(async () => sut.close());

  it('keeps the original and its resized copies under DATA_DIR and removes both with the account', async () => {
    const user = await signUpPublic(sut);
    await uploadPhoto(sut, user.token, await png(300));

    // Asked at 40, served at the smallest fixed width.
    const small = await fetch(`${sut.url}/api/user/${user.id}/media?size=40`);
    expect(await widthOf(small)).toBe(125);
    const files = async (folder: string) =>
      (await fs.readdir(path.join(sut.dataDir, folder), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((e) => e.isFile())
        .map((e) => e.name);
    expect(await files('media')).toHaveLength(1);
    expect(await files('media-sizes')).toEqual(['125.png']);

    const deleted = await callApi(sut.url, 'DELETE', '/api/auth/delete-account', {
      token: user.token,
      body: { email: user.email, password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await files('media')).toEqual([]);
    expect(await files('media-sizes')).toEqual([]);
  });

  it('refuses an image whose magic bytes are right but whose body is broken, and never 500s on a broken stored one', async () => {
    const user = await signUpPublic(sut);
    const broken = Buffer.concat([(await png(64)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const form = new FormData();
    form.append('file', new Blob([broken]), 'broken.png');
    const refused = await fetch(`${sut.url}/api/user/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'MEDIA.UNREADABLE',
      errors: { file: expect.stringContaining('cannot be read') },
    });

    // A file broken in storage (say, uploaded before this check existed): served as it is, not a 500.
    await uploadPhoto(sut, user.token, await png(64));
    const [stored] = (await fs.readdir(path.join(sut.dataDir, 'media'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.parentPath.endsWith(String(user.id)))
      .map((e) => path.join(e.parentPath, e.name));
    await fs.writeFile(stored!, broken);
    const resized = await fetch(`${sut.url}/api/user/${user.id}/media?size=16`);
    expect(resized.status).toBe(200);
    expect(Buffer.from(await resized.arrayBuffer())).toEqual(broken);
  });

  it('answers 304 to a client that already holds the same bytes', async () => {
    const user = await signUpPublic(sut);
    // Wider than the smallest served width, so the resized copy is other bytes.
    await uploadPhoto(sut, user.token, await png(300));
    const first = await fetch(`${sut.url}/api/user/${user.id}/media`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    // A person's photo follows who may see them (publicProfile can change), so every use revalidates.
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await fetch(`${sut.url}/api/user/${user.id}/media`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const resized = await fetch(`${sut.url}/api/user/${user.id}/media?size=32`, { headers: { 'if-none-match': etag! } });
    expect(resized.status).toBe(200);
  });
});

describe('media in an S3-compatible bucket (S3_BUCKET)', () => {
  let s3: TestS3;
  let sut: TestApp;
  let bucket: S3BlobStore;
  beforeAll(async () => {
    s3 = await startTestS3();
    sut = await startTestApp({ ...s3.env, S3_PREFIX: 'groundtruth' });
    bucket = await S3BlobStore.open({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'groundtruth',
    });
  });
  afterAll(async () => {
    bucket.close();
    await sut.close();
    await s3.close();
  });

  it('stores uploads and resized copies in the bucket, not the data folder, and erases them with the account', async () => {
    const user = await signUpPublic(sut);
    const original = await png(200);
    await uploadPhoto(sut, user.token, original);

    const stored = await bucket.list('media/');
    expect(stored).toEqual([expect.stringMatching(new RegExp(`^media/users/${user.id}/[0-9a-f-]{36}\\.png$`))]);
    expect(await bucket.get(stored[0]!)).toEqual(original);
    await expect(fs.access(path.join(sut.dataDir, 'media'))).rejects.toThrow();

    const whole = await fetch(`${sut.url}/api/user/${user.id}/media`);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(original);
    const small = await fetch(`${sut.url}/api/user/${user.id}/media?size=50`);
    expect(await widthOf(small)).toBe(125);
    expect(await bucket.list('media-sizes/')).toEqual([expect.stringMatching(/\/125\.png$/)]);

    const deleted = await callApi(sut.url, 'DELETE', '/api/auth/delete-account', {
      token: user.token,
      body: { email: user.email, password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await bucket.list('media/')).toEqual([]);
    expect(await bucket.list('media-sizes/')).toEqual([]);
  });
});

describe('startup with an unreachable bucket', () => {
  it('stops with an error naming the variable', async () => {
    await expect(
      startTestApp({ S3_BUCKET: 'gt-test', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).rejects.toThrow(/S3_BUCKET "gt-test" at S3_ENDPOINT/);
  });
});
