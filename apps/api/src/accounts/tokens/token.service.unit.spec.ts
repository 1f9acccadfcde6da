import { jest } from '@jest/globals';
import type { AppConfig } from '@groundtruth/platform';
import type { SecretStore } from './secret-store.js';
import { TokenService } from './token.service.js';

const claims = { userId: 7, sessionId: 'session-1', refreshToken: 'refresh-1', spoofedBy: null };

const service = (ttlSeconds = 60) =>
  new TokenService(
    { jwtSecret: 'a test secret of at least thirty-two characters', accessTokenTtlSeconds: ttlSeconds } as AppConfig,
    {} as SecretStore,
  );

describe('TokenService access tokens (verified once, then kept until they expire)', () => {
  afterEach(() => jest.useRealTimers());

  it('verifies a token again, from what it kept, with the same claims', async () => {
    const tokens = service();
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
  });

  it('refuses a token whose signature was changed, after the real one was verified and kept', async () => {
    const tokens = service();
    const token = await tokens.signAccess(claims);
    await tokens.verifyAccess(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verifyAccess(forged)).rejects.toMatchObject({ code: 'AUTH.TOKEN_INVALID' });
  });

  it('answers "expired" for a kept token once its expiry passes, as an unkept one does', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-26T12:00:00Z') });
    const tokens = service(60);
    const token = await tokens.signAccess(claims);
    const other = service(60); // never saw the token: the control, verified by jose alone
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    jest.setSystemTime(Date.parse('2026-11-26T12:00:59.999Z'));
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    jest.setSystemTime(Date.parse('2026-11-26T12:01:00Z'));
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: 'AUTH.TOKEN_EXPIRED' });
    await expect(other.verifyAccess(token)).rejects.toMatchObject({ code: 'AUTH.TOKEN_EXPIRED' });
  });
});
