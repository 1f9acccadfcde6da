import sharp from 'sharp';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { insertReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** `/viz/share?v=` (issue 14): preview tags, and an image of the chart drawn by the server. */

let sut: TestApp;
let owner: TestUser;
let publicStation: number;
let privateStation: number;

const T0 = Date.parse('2025-06-01T00:00:00Z');
const MIN = 60_000;
const DEPTH = 70;

const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

const tokenFor = async (station: number, start: number, end: number): Promise<string> =>
  ok(
    await callApi(sut.url, 'POST', '/api/bookmarks/save', {
      body: { v: 1, g: [[[[[[station, [5, DEPTH]]], [start, end], [], 0, -1]]]], s: [station], p: [], c: null },
    }),
  )['token'] as string;

/** The content of each `<meta property|name="…" content="…">`. */
const metaTags = (html: string): Record<string, string> => {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[m[1]!] = m[2]!;
  return tags;
};

const sharePage = async (token: string) => {
  const res = await fetch(`${sut.url}/viz/share?v=${token}`);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};

/** Pixels of the plot area (below the header) drawn in the first series colour, #003F5C. */
const linePixels = async (png: Buffer): Promise<number> => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let y = 150; y < info.height - 100; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (Math.abs(data[i]! - 0x00) < 30 && Math.abs(data[i + 1]! - 0x3f) < 30 && Math.abs(data[i + 2]! - 0x5c) < 30) n++;
    }
  }
  return n;
};

const previewImage = async (imageUrl: string) => {
  const res = await fetch(`${sut.url}${new URL(imageUrl).pathname}${new URL(imageUrl).search}`);
  return { status: res.status, type: res.headers.get('content-type'), png: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Sharer' });
  const register = async (name: string) =>
    ok(await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: newDeviceId(), name } }))[
      'id'
    ] as number;
  publicStation = await register('Pier <A> & "B"');
  privateStation = await register('Hidden lab');
  const project = ok(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Shared tides', description: 'Depths', goal: 'Open data', location: 'Harbor', privacy: 1 },
    }),
  )['id'] as number;
  expect(
    (await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${publicStation}`, { token: owner.token })).status,
  ).toBe(204);
  const values = [];
  for (const station of [publicStation, privateStation]) {
    for (let m = 0; m < 24 * 60; m += 5) values.push({ station, m, value: Math.fround(10 + 5 * Math.sin(m / 120)) });
  }
  await insertReadings(
    sut,
    values.map((r) => ({ station: r.station, sensor: DEPTH, time: T0 + r.m * MIN, value: r.value })),
  );
});
afterAll(() => sut?.close());

describe('share previews', () => {
  it('answers HTML with og and twitter tags that open the workspace, and an og:image of the chart drawn by the server', async () => {
    const token = await tokenFor(publicStation, T0, T0 + 24 * 60 * MIN);
    const page = await sharePage(token);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const tags = metaTags(page.html);
    expect(tags['og:title']).toContain('Pier &lt;A&gt; &amp; &quot;B&quot;');
    expect(tags['og:description']).toContain('2025-06-01 to 2025-06-02');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(page.html).toContain(`<meta http-equiv="refresh" content="0; url=/viz?v=${token}">`);

    const image = await previewImage(tags['og:image']!);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
    expect(await sharp(image.png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The line is there; the control: a window without readings draws none.
    expect(await linePixels(image.png)).toBeGreaterThan(500);
    const empty = await previewImage(
      metaTags((await sharePage(await tokenFor(publicStation, T0 - 10 * 24 * 60 * MIN, T0 - 9 * 24 * 60 * MIN))).html)[
        'og:image'
      ]!,
    );
    expect(await linePixels(empty.png)).toBe(0);
  });

  it('tells nothing of a station that is not public: no name in the tags and no data in the picture', async () => {
    const token = await tokenFor(privateStation, T0, T0 + 24 * 60 * MIN);
    const page = await sharePage(token);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('Hidden lab');
    expect(metaTags(page.html)['og:title']).toBe('Explore data on Groundtruth');
    const image = await previewImage(metaTags(page.html)['og:image']!);
    expect(image.status).toBe(200);
    expect(await linePixels(image.png)).toBe(0);
  });

  it('a malformed token is a 400 and an unknown one a 404, for the page and the image', async () => {
    expect((await sharePage('x!')).status).toBe(400);
    expect((await sharePage('AAAAAAAAAAAA')).status).toBe(404);
    expect((await fetch(`${sut.url}/api/bookmarks/preview?v=x!`)).status).toBe(400);
    expect((await fetch(`${sut.url}/api/bookmarks/preview?v=AAAAAAAAAAAA`)).status).toBe(404);
  });
});
