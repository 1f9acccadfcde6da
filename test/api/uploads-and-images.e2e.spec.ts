import { promises as fs } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { statusBeforeBody } from '../support/uploads.js';

/**
 * Issue 13, item 6. Every upload route decides who may upload from the headers before it reads
 * the body; images over 40 megapixels are refused from their header, before decoding; photos are
 * served resized only at 125, 250, 800 and 1600 pixels wide.
 */
let sut: TestApp;
let owner: TestUser;
let outsider: TestUser;
let stationId = 0;
let projectId = 0;

const ok = async (method: string, route: string, token: string, body?: unknown) => {
  const reply = await callApi(sut.url, method, route, { token, ...(body === undefined ? {} : { body }) });
  if (reply.status >= 300) throw new Error(`${method} ${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body ?? {};
};

const uploadImage = async (route: string, bytes: Buffer, token = owner.token) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${sut.url}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/**
 * A real, decodable grey PNG of width × height: black rows compress to almost nothing, so a
 * file of some tens of kilobytes holds an image of tens of megapixels (what decoding costs).
 */
const greyPng = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 and black pixels, row after row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  outsider = await signUp(sut, mailbox);
  stationId = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'Creek' }))['id'] as number;
  projectId = (
    await ok('POST', '/api/projects', owner.token, { name: 'Uploads', description: 'd', goal: 'g', location: 'l', privacy: 1 })
  )['id'] as number;
});
afterAll(async () => sut.close());

describe('who may upload is decided from the headers, before the body is read', () => {
  /** 19 MB announced, a few bytes sent: an answer can only come from a refusal made before reading. */
  const announced = 19 * 1024 * 1024;
  const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
  const start = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
  const routes = () => [
    { route: `/api/stations/${stationId}/media`, headers: multipart, expected: 403 },
    { route: `/api/stations/${stationId}/media?key=studyObjective`, headers: multipart, expected: 403 },
    { route: `/api/projects/${projectId}/media`, headers: multipart, expected: 403 },
    { route: `/api/data/stations/${stationId}/csv`, headers: { 'content-type': 'text/csv' }, expected: 403 },
    { route: '/api/admin/backup', headers: multipart, expected: 403 },
    {
      route: '/api/ingestion',
      headers: {
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': 'ffffffffffffffff',
        'fk-generation': 'a1b2',
        'fk-type': 'data',
        'fk-blocks': '1,2',
      },
      // No station has that device: refused from the headers too.
      expected: 404,
    },
  ];

  it.each([0, 1, 2, 3, 4, 5])('refuses an outsider on upload route %i without waiting for the body', async (i) => {
    const { route, headers, expected } = routes()[i]!;
    const status = await statusBeforeBody(
      `${sut.url}${route}`,
      { ...headers, authorization: `Bearer ${outsider.token}` },
      announced,
      start,
    );
    expect({ route, status }).toEqual({ route, status: expected });
  });

  it('refuses anonymous callers of /user/media (401) without waiting for the body', async () => {
    expect(await statusBeforeBody(`${sut.url}/api/user/media`, multipart, announced, start)).toBe(401);
  });

  it('waits for the body of a caller who may upload (the control: the check above can fail)', async () => {
    await expect(
      statusBeforeBody(
        `${sut.url}/api/stations/${stationId}/media`,
        { ...multipart, authorization: `Bearer ${owner.token}` },
        announced,
        start,
      ),
    ).rejects.toThrow('waited for the body');
  });
});

describe('images over 40 megapixels', () => {
  it('are refused with a clear 400 on every image upload, from their header', async () => {
    const huge = greyPng(8000, 6000); // 48 megapixels in a small file
    expect(huge.length).toBeLessThan(200_000);
    for (const route of [
      `/api/stations/${stationId}/media`,
      `/api/stations/${stationId}/media?key=studyObjective`,
      `/api/projects/${projectId}/media`,
      '/api/user/media',
    ]) {
      const r = await uploadImage(route, huge);
      expect({ route, status: r.status, code: r.body?.['code'] }).toEqual({ route, status: 400, code: 'MEDIA.TOO_MANY_PIXELS' });
      expect((r.body?.['errors'] as Record<string, string>)['file']).toContain('40 megapixels');
    }
  });

  it('are taken up to the limit (the control)', async () => {
    const r = await uploadImage(`/api/stations/${stationId}/media`, greyPng(6000, 6000)); // 36 megapixels
    expect(r.status).toBe(200);
  });
});

describe('resized photos', () => {
  it('are served and kept only at 125, 250, 800 and 1600 pixels wide, however many sizes are asked', async () => {
    const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const { body } = await uploadImage(`/api/stations/${stationId}/media`, photo);
    const id = body!['id'] as number;
    const widthAt = async (size: number) => {
      const res = await fetch(`${sut.url}/api/stations/${stationId}/media/${id}?size=${size}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
    };
    expect(await widthAt(100)).toBe(125);
    expect(await widthAt(126)).toBe(250);
    expect(await widthAt(640)).toBe(800);
    expect(await widthAt(1601)).toBe(1600);
    expect(await widthAt(5000)).toBe(1600);
    for (let size = 16; size <= 2048; size += 97) await widthAt(size);

    const sizes = await fs.readdir(path.join(sut.dataDir, 'media-sizes'), { recursive: true, withFileTypes: true });
    expect(
      sizes
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort(),
    ).toEqual(['125.png', '1600.png', '250.png', '800.png']);
  });
});
