import { createHmac } from 'node:crypto';
import { forumReturnUrl, forumUsername, readForumRequest, sameOrigin, signatureMatches, signSso } from './discourse-sso.js';

const secret = 'd836444a9e4084d5b224a60c208dce14';
const encode = (query: string) => Buffer.from(query, 'utf8').toString('base64');
const user = {
  userId: 42,
  email: 'ada@example.org',
  name: 'Ada Lovelace',
  admin: false,
  moderator: true,
  requireActivation: false,
};

describe('DiscourseConnect', () => {
  // The example from Discourse's own DiscourseConnect documentation.
  const documented = {
    secret: 'd836444a9e4084d5b224a60c208dce14',
    sso: 'bm9uY2U9Y2I2ODI1MWVlZmI1MjExZTU4YzAwZmYxMzk1ZjBjMGI=\n',
    sig: '2828aa29899722b35a2f191d34ef9b3ce695e0e6eeec47deb46d588d70c7cb56',
  };

  it('accepts the signature from the protocol documentation', () => {
    expect(signatureMatches(documented.secret, documented.sso, documented.sig)).toBe(true);
  });

  it('signs as hex HMAC-SHA256 of the payload', () => {
    expect(signSso(secret, 'abc')).toBe(createHmac('sha256', secret).update('abc').digest('hex'));
  });

  it('refuses a signature made with another secret, for another payload, or not 64 hex digits', () => {
    const sso = encode('nonce=1&return_sso_url=https://forum.example.org/session/sso_login');
    expect(signatureMatches(secret, sso, signSso(secret, sso))).toBe(true);
    expect(signatureMatches(secret, sso, signSso('another secret value', sso))).toBe(false);
    expect(signatureMatches(secret, sso, signSso(secret, `${sso}x`))).toBe(false);
    expect(signatureMatches(secret, sso, 'abc')).toBe(false);
    expect(signatureMatches(secret, sso, 'z'.repeat(64))).toBe(false);
  });

  it('reads the nonce and return address, and nothing when either is missing', () => {
    expect(readForumRequest(encode('nonce=n1&return_sso_url=https%3A%2F%2Fforum.example.org%2Fsession%2Fsso_login'))).toEqual({
      nonce: 'n1',
      returnSsoUrl: 'https://forum.example.org/session/sso_login',
    });
    expect(readForumRequest(encode('nonce=n1'))).toBeNull();
    expect(readForumRequest(encode('return_sso_url=https://forum.example.org/'))).toBeNull();
    expect(readForumRequest('not base64 at all!')).toBeNull();
  });

  it('matches origins exactly', () => {
    const forum = 'https://forum.example.org';
    expect(sameOrigin('https://forum.example.org/session/sso_login', forum)).toBe(true);
    expect(sameOrigin('https://forum.example.org.evil.test/session/sso_login', forum)).toBe(false);
    expect(sameOrigin('http://forum.example.org/session/sso_login', forum)).toBe(false);
    expect(sameOrigin('https://forum.example.org:8443/', forum)).toBe(false);
    expect(sameOrigin('javascript:alert(1)', forum)).toBe(false);
    expect(sameOrigin('not a url', forum)).toBe(false);
  });

  it.each([
    ['Ada Lovelace', 'Ada_Lovelace'],
    ['  José   Núñez  ', 'Jose_Nunez'],
    ['a.b-c!!d', 'a_b_c_d'],
    ['Averyveryverylongname Withasurname', 'Averyveryverylongnam'],
    ['Nineteen characters_ x', 'Nineteen_characters'],
    ['李', 'user_42'],
    ['Al', 'user_42'],
  ])('derives a username Discourse accepts from %j', (name, expected) => {
    const username = forumUsername(name, 42);
    expect(username).toBe(expected);
    expect(username).toMatch(/^[A-Za-z0-9](?:[A-Za-z0-9_]{1,18})[A-Za-z0-9]$/);
  });

  it('answers the return address with a signed payload of the user', () => {
    const sut = forumReturnUrl(secret, { nonce: 'n1', returnSsoUrl: 'https://forum.example.org/session/sso_login' }, user);
    const url = new URL(sut);
    expect(url.origin + url.pathname).toBe('https://forum.example.org/session/sso_login');
    const sso = url.searchParams.get('sso')!;
    expect(signatureMatches(secret, sso, url.searchParams.get('sig')!)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8')))).toEqual({
      nonce: 'n1',
      email: 'ada@example.org',
      external_id: '42',
      name: 'Ada Lovelace',
      username: 'Ada_Lovelace',
      admin: 'false',
      moderator: 'true',
      require_activation: 'false',
    });
  });
});
