import { SignJWT } from 'jose';
import { bearerOf, callApi, claimsOf, linkTokenOf, signUp, type TestUser } from '../support/accounts.js';
import { joinProject } from '../support/project-team.js';
import { callAsReader } from '../support/versions.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Accounts and sessions end to end, with mail through a real SMTP server: every call with good
 * and bad input, and never a 500.
 */
let sut: TestApp;
let inbox: SmtpInbox;
const password = 'correct horse battery';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  sut = await startTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'http://groundtruth.test' });
});
afterAll(async () => {
  await sut.close();
  await inbox.close();
});

const call = (method: string, path: string, options: Parameters<typeof callApi>[3] = {}) =>
  callAsReader(sut.url, method, path, options);
const login = (email: string, pw = password) => call('POST', '/api/login', { body: { email, password: pw } });
const newUser = (options: Parameters<typeof signUp>[2] = {}) => signUp(sut, inbox, options);
const validationMail = (email: string) => inbox.waitFor((m) => m.to.includes(email) && /Confirm/.test(m.subject));
const resumeToken = (mail: Awaited<ReturnType<typeof validationMail>>) => linkTokenOf(mail, /\/login\/([^/?#]+)$/);

describe('registration and validation', () => {
  it('registers, mails a validation link to the web app, refuses password sign-in until it is followed, then signs in by it once', async () => {
    const email = 'Ada.Lovelace@Example.org';
    const registered = await call('POST', '/api/users', {
      body: { name: ' Ada ', email, password, passwordConfirmation: password, tncAccept: true },
    });
    expect(registered).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
    const mail = await validationMail('ada.lovelace@example.org');
    expect(mail.links.some((l) => l.startsWith('http://groundtruth.test/login/'))).toBe(true);

    const early = await login(email);
    expect(early).toMatchObject({
      status: 403,
      body: { code: 'USER.EMAIL_NOT_VALIDATED', errors: { userId: String(registered.body!['id']) } },
    });

    inbox.clear();
    expect((await call('POST', `/api/users/${registered.body!['id']}/validate-email`)).status).toBe(204);
    const resent = await validationMail('ada.lovelace@example.org');

    const resumed = await call('POST', '/api/user/resume', { body: { token: resumeToken(resent) } });
    expect(resumed.status).toBe(204);
    const me = await call('GET', '/api/user', { token: bearerOf(resumed) });
    expect(me.body).toMatchObject({ name: 'Ada', email: 'ada.lovelace@example.org', emailValidated: true, termsCurrent: true });

    expect(await call('POST', '/api/user/resume', { body: { token: resumeToken(resent) } })).toMatchObject({
      status: 401,
      body: { code: 'AUTH.LINK_USED' },
    });
    expect((await login('ADA.LOVELACE@example.org')).status).toBe(204);
  });

  it('writes account e-mails in the language the app asks in (Accept-Language), and remembers it', async () => {
    const email = `lucia-${Date.now()}@example.org`;
    const headers = { 'accept-language': 'es-ES' };
    const registered = await call('POST', '/api/users', { headers, body: { name: 'Lucía', email, password, tncAccept: true } });
    const mail = await validationMail(email);
    expect(mail.subject).toBe('Confirma tu cuenta de Groundtruth');
    expect(mail.text).toContain('Hola, Lucía:');
    const resumed = await call('POST', '/api/user/resume', { body: { token: resumeToken(mail) } });
    expect((await call('GET', '/api/user', { token: bearerOf(resumed) })).body).toMatchObject({
      id: registered.body!['id'],
      locale: 'es-ES',
    });

    await call('POST', '/api/user/recovery/lookup', {
      headers: { 'accept-language': 'fr-CA, es;q=0.8, en;q=0.5' },
      body: { email },
    });
    const reset = await inbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Restablece'));
    expect(reset.text).toContain('Elegir una contraseña nueva');
    await call('POST', '/api/user/recovery/lookup', { body: { email } });
    expect((await inbox.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your Groundtruth password')).text).toContain(
      'Hello',
    );
  });

  it.each([
    ['nothing', {}, ['name', 'email', 'password', 'tncAccept']],
    ['a short password', { name: 'A', email: 'a@example.org', password: 'short', tncAccept: true }, ['password']],
    ['a bad e-mail', { name: 'A', email: 'not-an-email', password, tncAccept: true }, ['email']],
    ['terms not accepted', { name: 'A', email: 'a@example.org', password, tncAccept: false }, ['tncAccept']],
    [
      'a confirmation that differs',
      { name: 'A', email: 'a@example.org', password, passwordConfirmation: 'other password', tncAccept: true },
      ['passwordConfirmation'],
    ],
    ['wrong types', { name: 3, email: ['x'], password: null, tncAccept: 'yes' }, ['name', 'email', 'password', 'tncAccept']],
  ])('answers 400 with field errors for %s', async (_case, body, fields) => {
    const res = await call('POST', '/api/users', { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!['errors'] as object)).toEqual(expect.arrayContaining(fields));
  });

  it('answers 400 with the spec message when the address is taken, whatever its case', async () => {
    const user = await newUser();
    const res = await call('POST', '/api/users', {
      body: { name: 'Copy', email: user.email.toUpperCase(), password, tncAccept: true },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'USER.EMAIL_TAKEN', errors: { email: 'This address appears to already be registered.' } },
    });
  });

  it('refuses a forged, garbage or wrong-purpose link token', async () => {
    for (const token of ['garbage', 'a.b.c', (await newUser()).token]) {
      expect((await call('POST', '/api/user/resume', { body: { token } })).status).toBe(401);
    }
    expect((await call('POST', '/api/user/resume', { body: {} })).status).toBe(400);
  });

  it('answers the resend call alike for unknown, validated and unvalidated accounts', async () => {
    const validated = await newUser();
    for (const id of [validated.id, 999_999]) expect((await call('POST', `/api/users/${id}/validate-email`)).status).toBe(204);
    expect((await call('POST', '/api/users/abc/validate-email')).status).toBe(400);
  });
});

describe('sign-in and tokens', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser({ name: 'Token Tester' });
  });

  it('signs in with 204 and a Bearer token in the Authorization header, carrying the refresh token', async () => {
    const res = await login(user.email);
    expect(res.status).toBe(204);
    const claims = claimsOf(bearerOf(res));
    expect(claims).toMatchObject({
      sub: String(user.id),
      aud: 'groundtruth-api',
      refresh_token: expect.any(String),
      sid: expect.any(String),
    });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(900);
  });

  it('refuses a wrong password and an unknown address with the same 401 and message', async () => {
    const wrong = await login(user.email, 'wrong password!');
    const unknown = await login('nobody@example.org');
    for (const res of [wrong, unknown]) {
      expect(res).toMatchObject({
        status: 401,
        body: {
          code: 'AUTH.LOGIN_FAILED',
          message: 'Unfortunately we were unable to log you in. Please check your credentials and try again.',
        },
      });
    }
    expect((await call('POST', '/api/login', { body: { email: 'bad', password: '' } })).body).toMatchObject({
      errors: { email: expect.any(String), password: expect.any(String) },
    });
  });

  it('answers 401 for a missing, garbage, unsigned, foreign-signed or expired token, naming the token when it expired', async () => {
    expect(await call('GET', '/api/user')).toMatchObject({ status: 401, body: { code: 'AUTH.REQUIRED' } });
    expect(await call('GET', '/api/user', { token: 'garbage' })).toMatchObject({
      status: 401,
      body: { code: 'AUTH.TOKEN_INVALID' },
    });
    const payload = claimsOf(user.token);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    expect(await call('GET', '/api/user', { token: unsigned })).toMatchObject({
      status: 401,
      body: { code: 'AUTH.TOKEN_INVALID' },
    });
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await call('GET', '/api/user', { token: foreign })).status).toBe(401);

    const { rows } = await sut.runtime.pool.query<{ value: string }>("SELECT value FROM gt_secrets WHERE name = 'jwt'");
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 5 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(rows[0]!.value));
    const res = await call('GET', '/api/user', { token: expired });
    expect(res).toMatchObject({ status: 401, body: { code: 'AUTH.TOKEN_EXPIRED' } });
    expect(String(res.body!['message'])).toMatch(/token/);
  });

  it('rotates refresh tokens, and ends the whole session when a used one comes back (reuse detection)', async () => {
    const first = bearerOf(await login(user.email));
    const refreshed = await call('POST', '/api/refresh', { body: { refreshToken: claimsOf(first)['refresh_token'] } });
    expect(refreshed.status).toBe(204);
    const second = bearerOf(refreshed);
    expect(claimsOf(second)['refresh_token']).not.toBe(claimsOf(first)['refresh_token']);
    expect(claimsOf(second)['sid']).toBe(claimsOf(first)['sid']);
    expect((await call('GET', '/api/user', { token: second })).status).toBe(200);
    // The token traded in a moment ago is a lost race (409, the session goes on: http-hygiene.e2e), so
    // rotate once more: the first token is then reuse at any time.
    const third = bearerOf(await call('POST', '/api/refresh', { body: { refreshToken: claimsOf(second)['refresh_token'] } }));

    const replay = await call('POST', '/api/refresh', { body: { refreshToken: claimsOf(first)['refresh_token'] } });
    expect(replay).toMatchObject({ status: 401, body: { code: 'SESSION.REFRESH_REFUSED' } });
    expect(await call('GET', '/api/user', { token: third })).toMatchObject({
      status: 401,
      body: { code: 'AUTH.SESSION_ENDED' },
    });
    expect((await call('POST', '/api/refresh', { body: { refreshToken: claimsOf(third)['refresh_token'] } })).status).toBe(401);
    // Only the hashes are stored: the token itself appears nowhere in the log.
    const secret = String(claimsOf(third)['refresh_token']).split('.')[1]!;
    const found = await sut.runtime.pool.query('SELECT count(*)::int AS n FROM gt_events WHERE data::text LIKE $1', [
      `%${secret}%`,
    ]);
    expect(found.rows[0]).toEqual({ n: 0 });
  });

  it('refuses garbage refresh tokens with 400 or 401', async () => {
    expect((await call('POST', '/api/refresh', { body: {} })).status).toBe(400);
    for (const refreshToken of ['x', '00000000-0000-0000-0000-000000000000.aaaaaaaaaaaaaaaaaaaaaaaa']) {
      expect((await call('POST', '/api/refresh', { body: { refreshToken } })).status).toBe(401);
    }
  });

  it('logs out: the access token and its refresh token stop working', async () => {
    const token = bearerOf(await login(user.email));
    expect(await call('POST', '/api/logout', { token })).toMatchObject({ status: 200, body: { location: null } });
    expect((await call('GET', '/api/user', { token })).status).toBe(401);
    expect((await call('POST', '/api/refresh', { body: { refreshToken: claimsOf(token)['refresh_token'] } })).status).toBe(401);
    expect((await call('POST', '/api/logout')).status).toBe(401);
  });
});

describe('profile, password, terms and photo', () => {
  it('updates the profile, refuses bad fields and other people, and re-validates a new address', async () => {
    const user = await newUser();
    const other = await newUser();
    const updated = await call('PATCH', `/api/users/${user.id}`, {
      token: user.token,
      body: { name: 'New Name', bio: 'Counts fish', publicProfile: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: 'New Name', bio: 'Counts fish', publicProfile: true } });
    expect(await call('PATCH', `/api/users/${user.id}`, { token: user.token, body: { name: '', email: 'bad' } })).toMatchObject({
      status: 400,
      body: { errors: { name: expect.any(String), email: expect.any(String) } },
    });
    expect(await call('PATCH', `/api/users/${other.id}`, { token: user.token, body: { name: 'Hijack' } })).toMatchObject({
      status: 403,
    });
    expect((await call('PATCH', `/api/users/${user.id}`, { body: { name: 'Anon' } })).status).toBe(401);
    expect(await call('PATCH', `/api/users/${user.id}`, { token: user.token, body: { email: other.email } })).toMatchObject({
      status: 400,
      body: { code: 'USER.EMAIL_TAKEN' },
    });

    const moved = `moved-${Date.now()}@example.org`;
    const changed = await call('PATCH', `/api/users/${user.id}`, {
      token: user.token,
      body: { email: moved, currentPassword: password },
    });
    expect(changed).toMatchObject({ status: 200, body: { email: moved, emailValidated: false } });
    await validationMail(moved);
    // The old address is held while it may undo the change: nobody else can take it meanwhile.
    expect(
      await call('POST', '/api/users', { body: { name: 'Reuse', email: user.email, password, tncAccept: true } }),
    ).toMatchObject({ status: 400, body: { code: 'USER.EMAIL_TAKEN' } });
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const user = await newUser();
    const elsewhere = bearerOf(await login(user.email));
    const path = `/api/users/${user.id}/password`;
    expect(
      await call('PATCH', path, {
        token: user.token,
        body: { oldPassword: 'not my password', newPassword: 'brand new password' },
      }),
    ).toMatchObject({
      status: 403,
      body: { code: 'USER.PROOF_PASSWORD_WRONG', errors: { oldPassword: 'Please check your password and try again.' } },
    });
    expect(await call('PATCH', path, { token: user.token, body: { newPassword: 'brand new password' } })).toMatchObject({
      status: 403,
      body: { code: 'USER.PROOF_PASSWORD_REQUIRED' },
    });
    expect((await login(user.email, 'brand new password')).status).toBe(401);
    expect(await call('PATCH', path, { token: user.token, body: { oldPassword: password, newPassword: 'short' } })).toMatchObject(
      {
        status: 400,
        body: { errors: { newPassword: expect.any(String) } },
      },
    );
    expect(
      (await call('PATCH', path, { token: user.token, body: { oldPassword: password, newPassword: 'brand new password' } }))
        .status,
    ).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    expect((await call('GET', '/api/user', { token: elsewhere })).status).toBe(401);
    expect((await login(user.email)).status).toBe(401);
    expect((await login(user.email, 'brand new password')).status).toBe(204);
  });

  it('resets a forgotten password by a mailed one-use link, answering the lookup alike for unknown addresses', async () => {
    const user = await newUser();
    inbox.clear();
    expect((await call('POST', '/api/user/recovery/lookup', { body: { email: 'nobody-here@example.org' } })).status).toBe(204);
    expect((await call('POST', '/api/user/recovery/lookup', { body: { email: user.email } })).status).toBe(204);
    const mail = await inbox.waitFor((m) => m.to.includes(user.email) && /Reset/.test(m.subject));
    expect(inbox.messages.filter((m) => m.to.includes('nobody-here@example.org'))).toHaveLength(0);
    const token = linkTokenOf(mail, /\/recover\/complete\?token=([^&#]+)/);

    expect((await call('POST', '/api/user/recovery', { body: { token, password: 'short' } })).status).toBe(400);
    expect((await call('POST', '/api/user/recovery', { body: { token, password: 'recovered password' } })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    expect(await call('POST', '/api/user/recovery', { body: { token, password: 'another password' } })).toMatchObject({
      status: 400,
      body: { code: 'USER.RESET_FAILED' },
    });
    expect((await call('POST', '/api/user/recovery', { body: { token: 'garbage', password: 'another password' } })).status).toBe(
      400,
    );
    expect((await login(user.email, 'recovered password')).status).toBe(204);
    expect((await call('POST', '/api/user/recovery/lookup', { body: { email: 'not an address' } })).status).toBe(400);
  });

  it('accepts the terms only with accept true, and tells whether they are current', async () => {
    const user = await newUser();
    expect((await call('PATCH', `/api/users/${user.id}/accept-tnc`, { token: user.token, body: { accept: false } })).status).toBe(
      400,
    );
    expect((await call('PATCH', `/api/users/${user.id}/accept-tnc`, { token: user.token, body: {} })).status).toBe(400);
    const accepted = await call('PATCH', `/api/users/${user.id}/accept-tnc`, { token: user.token, body: { accept: true } });
    expect(accepted).toMatchObject({ status: 200, body: { termsCurrent: true, tncDate: expect.any(String) } });
  });

  it('sets a profile photo checked by its bytes, serves it resized, and refuses other files', async () => {
    const sharp = (await import('sharp')).default;
    const user = await newUser();
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, name: string, token: string | null = user.token) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      return fetch(`${sut.url}/api/user/media`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    };
    const res = await upload(png, 'me.png');
    expect(res.status).toBe(200);
    const { photo } = (await res.json()) as { photo: { url: string } };
    const mine = { headers: { authorization: `Bearer ${user.token}` } };
    const served = await fetch(`${sut.url}${photo.url}`, mine);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Served at the next of the fixed widths (125, 250, 800, 1600).
    const small = await fetch(`${sut.url}/api/user/${user.id}/media?size=50`, mine);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(125);

    expect((await upload(Buffer.from('#!/bin/sh\necho hi'), 'me.png')).status).toBe(400);
    expect((await upload(png, 'me.png', null)).status).toBe(401);
    expect((await upload(Buffer.alloc(11 * 1024 * 1024, 0xff), 'big.jpg')).status).toBe(413);
    expect(
      (await fetch(`${sut.url}/api/user/media`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } })).status,
    ).toBe(400);
    expect((await fetch(`${sut.url}/api/user/999999/media`)).status).toBe(404);
    expect((await fetch(`${sut.url}/api/user/${user.id}/media?size=abc`)).status).toBe(400);
  });

  it('finds people to mention for signed-in users only, and nobody for an empty query', async () => {
    const user = await newUser({ name: 'Mentionable Marge' });
    expect((await call('GET', '/api/mentionables?query=marge')).status).toBe(401);
    const found = await call('GET', '/api/mentionables?query=marge', { token: user.token });
    expect(found.body).toEqual({ mentions: [{ id: user.id, name: 'Mentionable Marge', mention: '@MentionableMarge' }] });
    expect((await call('GET', '/api/mentionables?query=', { token: user.token })).body).toEqual({ mentions: [] });
    expect((await call('GET', '/api/mentionables?query=%25', { token: user.token })).body).toEqual({ mentions: [] });
  });
});

describe('proof of the person before an e-mail change, a password change or a deletion (issue 13)', () => {
  const undoMail = (email: string) => inbox.waitFor((m) => m.to.includes(email) && /address .* was changed/.test(m.subject));
  const undoToken = (mail: Awaited<ReturnType<typeof undoMail>>) => linkTokenOf(mail, /\/account\/undo-email\?token=([^&#]+)/);

  it('changes the e-mail only with the current password, and mails the old address a one-use link that takes the account back and signs everyone out', async () => {
    const user = await newUser();
    const elsewhere = bearerOf(await login(user.email));
    const path = `/api/users/${user.id}`;
    const thief = `thief-${Date.now()}@example.org`;

    // An access token alone is not enough, nor is a wrong password; nothing changes either way.
    expect(await call('PATCH', path, { token: user.token, body: { email: thief } })).toMatchObject({
      status: 403,
      body: { code: 'USER.PROOF_PASSWORD_REQUIRED', errors: { currentPassword: expect.any(String) } },
    });
    expect(
      await call('PATCH', path, { token: user.token, body: { email: thief, currentPassword: 'not my password' } }),
    ).toMatchObject({ status: 403, body: { code: 'USER.PROOF_PASSWORD_WRONG' } });
    expect((await call('GET', '/api/user', { token: user.token })).body).toMatchObject({
      email: user.email,
      emailValidated: true,
    });
    expect((await login(user.email)).status).toBe(204);
    // The address the refused change asked for was not kept: anyone may register it.
    expect((await call('POST', '/api/users', { body: { name: 'Other', email: thief, password, tncAccept: true } })).status).toBe(
      200,
    );

    // Name, bio and visibility need no password.
    expect((await call('PATCH', path, { token: user.token, body: { bio: 'still me' } })).status).toBe(200);

    // With the password the change goes through, and the old address hears of it.
    const moved = `moved-${Date.now()}@example.org`;
    const changed = await call('PATCH', path, { token: user.token, body: { email: moved, currentPassword: password } });
    expect(changed).toMatchObject({ status: 200, body: { email: moved, emailValidated: false } });
    const mail = await undoMail(user.email);
    expect(mail.text).toContain(moved);
    expect(inbox.messages.filter((m) => m.to.includes(user.email) && /was changed/.test(m.subject))).toHaveLength(1);
    // The old address no longer signs in, nor can anyone else take it while the undo is open.
    expect((await login(user.email)).status).toBe(401);

    // Whoever made the change asks for a reset link at the address they brought, before the undo.
    expect((await call('POST', '/api/user/recovery/lookup', { body: { email: moved } })).status).toBe(204);
    const theirReset = linkTokenOf(
      await inbox.waitFor((m) => m.to.includes(moved) && /Reset/.test(m.subject)),
      /\/recover\/complete\?token=([^&#]+)/,
    );

    const token = undoToken(mail);
    expect(await call('POST', '/api/user/email/undo', { body: { token: 'garbage' } })).toMatchObject({
      status: 400,
      body: { code: 'USER.EMAIL_UNDO_FAILED' },
    });
    expect((await call('POST', '/api/user/email/undo', { body: { token } })).status).toBe(204);
    // Every session of the account has ended, the one that made the change included.
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/api/user', { token: elsewhere })).status).toBe(401);
    // The password the change was proved with has ended too (whoever made it knows it), and so has
    // the reset link they asked for; neither address signs in with it.
    expect((await login(user.email)).status).toBe(401);
    expect((await login(moved)).status).toBe(401);
    expect(
      await call('POST', '/api/user/recovery', { body: { token: theirReset, password: 'their new password' } }),
    ).toMatchObject({ status: 400, body: { code: 'USER.RESET_FAILED' } });
    // The owner chooses a new one through recovery, at the address they took back.
    inbox.clear();
    expect((await call('POST', '/api/user/recovery/lookup', { body: { email: user.email } })).status).toBe(204);
    const reset = linkTokenOf(
      await inbox.waitFor((m) => m.to.includes(user.email) && /Reset/.test(m.subject)),
      /\/recover\/complete\?token=([^&#]+)/,
    );
    expect((await call('POST', '/api/user/recovery', { body: { token: reset, password: 'chosen after the undo' } })).status).toBe(
      204,
    );
    expect((await login(user.email)).status).toBe(401);
    const back = bearerOf(await login(user.email, 'chosen after the undo'));
    expect((await call('GET', '/api/user', { token: back })).body).toMatchObject({ email: user.email, emailValidated: true });
    // Once only.
    expect(await call('POST', '/api/user/email/undo', { body: { token } })).toMatchObject({
      status: 400,
      body: { code: 'USER.EMAIL_UNDO_FAILED' },
    });
    // The address the change brought is free again.
    expect((await call('POST', '/api/users', { body: { name: 'Moved', email: moved, password, tncAccept: true } })).status).toBe(
      200,
    );
  });

  it('deletes the account only when the form repeats its e-mail and gives its password', async () => {
    const user = await newUser();
    const other = await newUser();
    const remove = (body: unknown) => call('DELETE', '/api/auth/delete-account', { token: user.token, body });

    expect(await remove({})).toMatchObject({ status: 400, body: { errors: { email: expect.any(String) } } });
    expect(await remove({ email: other.email, password })).toMatchObject({
      status: 400,
      body: { code: 'USER.EMAIL_MISMATCH', errors: { email: 'Does not match your email.' } },
    });
    expect(await remove({ email: user.email })).toMatchObject({ status: 403, body: { code: 'USER.PROOF_PASSWORD_REQUIRED' } });
    expect(await remove({ email: user.email, password: 'not my password' })).toMatchObject({
      status: 403,
      body: { code: 'USER.PROOF_PASSWORD_WRONG', errors: { password: expect.any(String) } },
    });
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);

    expect((await remove({ email: user.email.toUpperCase(), password })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    expect((await login(user.email)).status).toBe(401);
  });
});

describe('who can see whom (issue 13)', () => {
  /** A caller, a teammate of theirs, a stranger and someone with a public profile, all named with `tag`. */
  const people = async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const caller = await newUser({ name: 'Caller Carla' });
    const teammate = await newUser({ name: `${tag} Teammate` });
    const stranger = await newUser({ name: `${tag} Stranger` });
    const famous = await newUser({ name: `${tag} Famous` });
    expect((await call('PATCH', `/api/users/${famous.id}`, { token: famous.token, body: { publicProfile: true } })).status).toBe(
      200,
    );
    const project = await call('POST', '/api/projects', {
      token: caller.token,
      body: { name: 'Team', description: 'A team', goal: 'Work together', location: 'Here', privacy: 0 },
    });
    await joinProject(sut.url, inbox, caller, project.body!['id'] as number, teammate);
    return { tag, caller, teammate, stranger, famous };
  };
  const byId = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const goPublic = async (who: TestUser) =>
    expect((await call('PATCH', `/api/users/${who.id}`, { token: who.token, body: { publicProfile: true } })).status).toBe(200);

  it('lists as mentionable only people who share a project with the caller or have a public profile', async () => {
    const { tag, caller, teammate, stranger, famous } = await people();
    const mentions = async (who: TestUser) =>
      byId(
        ((await call('GET', `/api/mentionables?query=${tag}`, { token: who.token })).body!['mentions'] as { id: number }[]).map(
          (m) => m.id,
        ),
      );
    expect(await mentions(caller)).toEqual(byId([teammate.id, famous.id]));
    // The stranger finds themselves and the public profile, not the team they are not in.
    expect(await mentions(stranger)).toEqual(byId([stranger.id, famous.id]));
    // A site admin may see everyone.
    const admin = await newUser({ admin: true });
    expect(await mentions(admin)).toEqual(byId([teammate.id, stranger.id, famous.id]));
    // Once the stranger's profile is public, they are listed.
    await goPublic(stranger);
    expect(await mentions(caller)).toEqual(byId([teammate.id, stranger.id, famous.id]));
  });

  it('serves a profile photo to anyone when the profile is public, else only to the person, their teammates and site admins', async () => {
    const { caller, teammate, stranger, famous } = await people();
    const admin = await newUser({ admin: true });
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    for (const who of [teammate, stranger, famous]) {
      const form = new FormData();
      form.append('file', new Blob([png]), 'me.png');
      const res = await fetch(`${sut.url}/api/user/media`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(res.status).toBe(200);
    }
    const photo = (of: TestUser, by: TestUser | null) =>
      fetch(`${sut.url}/api/user/${of.id}/media`, by ? { headers: { authorization: `Bearer ${by.token}` } } : {});
    expect((await photo(stranger, caller)).status).toBe(403);
    expect((await photo(stranger, null)).status).toBe(401);
    expect((await photo(stranger, stranger)).status).toBe(200);
    expect((await photo(stranger, admin)).status).toBe(200);
    expect((await photo(teammate, caller)).status).toBe(200);
    expect((await photo(teammate, null)).status).toBe(401);
    expect((await photo(famous, null)).status).toBe(200);
    // Never kept by a shared cache: the profile may turn private.
    expect((await photo(famous, caller)).headers.get('cache-control')).toContain('private');
    await goPublic(stranger);
    expect((await photo(stranger, caller)).status).toBe(200);
  });
});
