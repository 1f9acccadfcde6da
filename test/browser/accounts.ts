import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { readOutbox, type ReceivedMail } from '../support/smtp-inbox';

/** Helpers the account tests share: the product's outbox, accounts made through the API, a tiny PNG. */

export const TOKEN_KEY = 'gt.token';

const dataDir = (): string => {
  const dir = process.env['GT_PW_DATA_DIR'];
  if (!dir) throw new Error('GT_PW_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
};

/** An address no other test (or earlier run against the same server) uses. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;

/**
 * A product server other than the suite's (see product-server.ts): its address and data folder.
 * Left out, the helpers below use the suite's server (the config's baseURL and GT_PW_DATA_DIR).
 */
export type ServerRef = { readonly url: string; readonly dataDir: string };

/** The mails to one address whose subject matches, oldest first; `outbox` is the product's DATA_DIR. */
export const mailsTo = async (to: string, subject: RegExp, outbox: string = dataDir()): Promise<ReceivedMail[]> =>
  (await readOutbox(outbox)).filter((mail) => mail.to.includes(to) && subject.test(mail.subject));

/** Waits until at least `count` such mails were written (the product sends in the background), and answers the newest. */
export const waitForMail = async (to: string, subject: RegExp, count = 1, outbox: string = dataDir()): Promise<ReceivedMail> => {
  await expect
    .poll(async () => (await mailsTo(to, subject, outbox)).length, {
      message: `${count} mail(s) "${subject.source}" to ${to}`,
      timeout: 20_000,
      intervals: [100, 250, 500],
    })
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(to, subject, outbox)).at(-1)!;
};

export const VALIDATION_SUBJECT = /Confirm your Groundtruth account/;
export const RECOVERY_SUBJECT = /Reset your Groundtruth password/;

/** The path (and query) of the mail's link to this site whose path starts with `prefix`. */
export const linkPath = (mail: ReceivedMail, prefix: string): string => {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname.startsWith(prefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${prefix} link in "${mail.subject}": ${mail.links.join(', ')}`);
};

export type Account = { readonly name: string; readonly email: string; readonly password: string };

/**
 * Registers through the API (of `server`, else the suite's) and follows the validation mail's token
 * through the API too; answers the access token that resume gives (a signed-in session, not stored in
 * any browser).
 */
export const createValidatedAccount = async (
  request: APIRequestContext,
  account: Account,
  server?: ServerRef,
): Promise<string> => {
  const origin = server?.url ?? '';
  const registered = await request.post(`${origin}/api/users`, {
    data: { ...account, passwordConfirmation: account.password, tncAccept: true },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const mail = await waitForMail(account.email, VALIDATION_SUBJECT, 1, server?.dataDir ?? dataDir());
  const token = decodeURIComponent(linkPath(mail, '/login/').slice('/login/'.length));
  const resumed = await request.post(`${origin}/api/user/resume`, { data: { token } });
  expect(resumed.status(), await resumed.text()).toBe(204);
  const bearer = /^Bearer (\S+)$/.exec(resumed.headers()['authorization'] ?? '')?.[1];
  if (!bearer) throw new Error('resume gave no token');
  return bearer;
};

/** What the browser keeps in an access token: who, which session, until when, and the refresh token it carries. */
export type TokenClaims = { sub: string; sid: string; exp: number; iat: number; refresh_token: string };

/** The payload of an access token, read without checking the signature (as the web app does). */
export const claimsOf = (token: string): TokenClaims =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;

/** The access token the page's site holds in local storage (null when signed out). */
export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its whole label; MUI adds ' *' to the label of a required field. */
export const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

/** Signs in on the login form that is on screen. */
export const fillLogin = async (page: Page, email: string, password: string): Promise<void> => {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 16×16 RGB PNG: a teal square on navy, made here so the test needs no fixture file. */
export const tinyPng = (): Buffer => {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, default compression, filter and interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const inner = x >= 4 && x < 12 && y >= 4 && y < 12;
      rows.push(...(inner ? [0x6e, 0xf0, 0xda] : [0x00, 0x3f, 0x5c]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
