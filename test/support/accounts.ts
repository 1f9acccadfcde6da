import { SetRolesCommand } from '../../apps/api/src/accounts/commands/set-roles/set-roles.command.js';
import { CommandGateway } from '../../apps/api/src/common/cqrs/command-gateway.js';
import { readOutbox, type ReceivedMail } from './smtp-inbox.js';
import type { TestApp } from './test-app.js';

export type Mailbox = { waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail> };

/** The product's outbox folder (no SMTP_URL) read as a mailbox. */
export const outboxOf = (dataDir: string): Mailbox => ({
  async waitFor(predicate, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await readOutbox(dataDir)).filter(predicate).pop();
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching mail in the outbox');
      await new Promise((r) => setTimeout(r, 50));
    }
  },
});

export type Reply = { status: number; body: Record<string, unknown> | null; headers: Headers };
export type CallOptions = { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> };

/** One HTTP call to the product; JSON in and out. */
export const callApi = async (baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  if (text) {
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
  }
  return { status: res.status, body, headers: res.headers };
};

export const bearerOf = (reply: Reply): string => {
  const header = reply.headers.get('authorization') ?? '';
  const m = /^Bearer (.+)$/.exec(header);
  if (!m) throw new Error(`no token in the answer (status ${reply.status}: ${JSON.stringify(reply.body)})`);
  return m[1]!;
};

/** The JWT's payload, read as the web client reads it (no verification). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

export const linkTokenOf = (mail: ReceivedMail, pattern: RegExp): string => {
  for (const link of mail.links) {
    const m = pattern.exec(link);
    if (m) return decodeURIComponent(m[1]!);
  }
  throw new Error(`no link like ${pattern} in "${mail.subject}": ${mail.links.join(', ')}`);
};

export type TestUser = { id: number; name: string; email: string; password: string; token: string };

let counter = 0;

/** Registers through the API, follows the validation link from the mail, and answers a signed-in user. */
export const signUp = async (
  app: Pick<TestApp, 'url'> & { app?: TestApp['app'] },
  mailbox: Mailbox,
  options: { name?: string; email?: string; password?: string; admin?: boolean; moderator?: boolean } = {},
): Promise<TestUser> => {
  counter += 1;
  const name = options.name ?? `Tester ${counter}`;
  const email = options.email ?? `tester-${counter}-${Date.now()}@example.org`;
  const password = options.password ?? 'correct horse battery';
  const registered = await callApi(app.url, 'POST', '/api/users', {
    body: { name, email, password, passwordConfirmation: password, tncAccept: true },
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const id = registered.body!['id'] as number;
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && /Confirm/.test(m.subject));
  const resumed = await callApi(app.url, 'POST', '/api/user/resume', {
    body: { token: linkTokenOf(mail, /\/login\/([^/?#]+)$/) },
  });
  const token = bearerOf(resumed);
  if (options.admin || options.moderator) {
    if (!app.app) throw new Error('roles can only be given to users of an in-process test app');
    await app.app
      .get(CommandGateway)
      .execute(
        new SetRolesCommand(
          { userId: id, admin: !!options.admin, moderator: !!options.moderator },
          { correlationId: 'test', causationId: 'test', userId: null, now: new Date().toISOString() },
        ),
      );
  }
  return { id, name, email, password, token };
};
