import { existsSync } from 'node:fs';
import path from 'node:path';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, routes } from '../../libs/contracts/src/index.js';
import { webDistDir } from '../../apps/api/src/web/web-app.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 32 item 4: a page opened at /viz?v={token} carries the bookmark's answer (what
 * GET /api/bookmarks/resolve?v= answers anyone), so the workspace's first data does not wait for the
 * app's code to ask for it. Nothing else goes into the page: not a private station's name, nothing
 * for a token that names no bookmark, nothing on other pages.
 */
let sut: TestApp;
let owner: TestUser;
let privateStation: number;

const webBuilt = existsSync(path.join(webDistDir, 'index.html'));
const ELEMENT = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`);

const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

const tokenFor = async (station: number): Promise<string> =>
  ok(
    await callApi(sut.url, 'POST', '/api/bookmarks/save', {
      body: { v: 1, g: [[[[[[station, [5, 70]]], [0, 86_400_000], [], 0, -1]]]], s: [station], p: [], c: null },
    }),
  )['token'] as string;

const page = async (urlPath: string) => {
  const res = await fetch(`${sut.url}${urlPath}`);
  const html = await res.text();
  const found = ELEMENT.exec(html);
  return { status: res.status, html, answers: found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null };
};

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Keeper' });
  privateStation = ok(
    await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: newDeviceId(), name: 'Hidden lab' },
    }),
  )['id'] as number;
});
afterAll(() => sut?.close());

(webBuilt ? describe : describe.skip)('first answers in the page', () => {
  it("writes the bookmark of /viz?v= into the page, as the API answers it to anyone; an unknown token's page has none", async () => {
    const token = await tokenFor(privateStation);
    const opened = await page(`/viz?v=${token}`);
    expect(opened.status).toBe(200);
    const resolved = await callApi(sut.url, 'GET', `/api/bookmarks/resolve?v=${token}`);
    expect(resolved.status).toBe(200);
    expect(opened.answers).toEqual({ [firstAnswerKey(routes.bookmarkResolve, { v: token })]: resolved.body });
    // The export page opens the same way.
    expect((await page(`/viz/export?v=${token}`)).answers).toEqual(opened.answers);

    // The workspace's code is named too, fetched beside the entry script.
    expect(opened.html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/explore[^"]*\.js">/);

    // Controls: a well-formed token of no bookmark, a malformed one, and another page carry nothing.
    for (const other of ['/viz?v=AAAAAAAAAAAA', '/viz?v=%3C%2Fscript%3E', '/viz', `/dashboard/stations/${privateStation}`, '/']) {
      const plain = await page(other);
      expect(plain.status).toBe(200);
      expect(plain.answers).toBeNull();
      expect(plain.html).toContain('<div id="root">');
    }
    expect((await page('/')).html).not.toMatch(/assets\/explore/);
  });

  it("tells nothing of a private station the bookmark names: its name is not in the page, only the bookmark's own text", async () => {
    const token = await tokenFor(privateStation);
    const opened = await page(`/viz?v=${token}`);
    expect(opened.answers).not.toBeNull();
    expect(opened.html).not.toContain('Hidden lab');
    // Control: the owner may read the name, so a page that leaked it would contain it.
    const station = await callApi(sut.url, 'GET', `/api/stations/${privateStation}`, { token: owner.token });
    expect(JSON.stringify(station.body)).toContain('Hidden lab');
  });
});
