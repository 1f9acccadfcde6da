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
