import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Registers a bench account and follows the validation link from the outbox mail (no SMTP_URL:
 * .eml files under DATA_DIR/outbox); answers the access token. `api(method, path, { body })`
 * is the bench's own caller, which throws on an answer of 300 or more and answers `{ res }`.
 */
export const signUpFromOutbox = async (api, dataDir, tries = 400) => {
  const email = `bench-${Date.now()}@example.org`;
  const password = 'correct horse battery';
  await api('POST', '/api/users', { body: { name: 'Bench', email, password, passwordConfirmation: password, tncAccept: true } });
  for (let i = 0; i < tries; i++) {
    const outbox = path.join(dataDir, 'outbox');
    for (const name of (await fs.readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml'))) {
      const text = (await fs.readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '');
      if (!text.includes(email)) continue;
      const token = /\/login\/([A-Za-z0-9._~%-]+)/.exec(text)?.[1];
      if (!token) continue;
      const { res } = await api('POST', '/api/user/resume', { body: { token: decodeURIComponent(token) } });
      return res.headers.get('authorization').replace(/^Bearer /, '');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no validation mail');
};

/**
 * The benches' caller of the product at `base`: an object body goes as JSON, a string or bytes as
 * they are (the caller names their type); an answer of 300 or more throws. Answers the response, its
 * text, its JSON (when it is JSON) and its length.
 */
export const benchCaller =
  (base) =>
  async (method, url, { token, body, headers = {} } = {}) => {
    const raw = typeof body === 'string' || body instanceof Uint8Array;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    const json = text !== '' && (res.headers.get('content-type') ?? '').includes('json');
    return { res, text, body: json ? JSON.parse(text) : null, bytes: text.length };
  };
