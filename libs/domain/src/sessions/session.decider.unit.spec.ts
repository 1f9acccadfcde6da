import { fold } from '../kernel/decider.js';
import { specFor, testMetadata } from '../testing/index.js';
import type { RefreshSession } from './session.commands.js';
import { REFRESH_RACE_MS, sessionDecider, signedInAt } from './session.decider.js';
import type { SessionRefreshed, SessionRevoked, SessionStarted } from './session.events.js';

const sut = specFor(sessionDecider);
const startedAt = '2026-05-01T10:00:00.000Z';
/** Days after the start, as the time a command is decided at. */
const day = (n: number): string => new Date(Date.parse(startedAt) + n * 86_400_000).toISOString();
const at = (now: string) => testMetadata({ userId: 5, now });

const started: SessionStarted = {
  type: 'SessionStarted',
  data: {
    sessionId: 'sess-1',
    userId: 5,
    method: 'password',
    refreshTokenHash: 'hash-1',
    expiresAt: day(30),
    startedAt,
    spoofedBy: null,
  },
};
/** A rotation on day `on` to the token hashed `hash`, with the 30-day lifetime renewed. */
const rotated = (hash: string, on: number): SessionRefreshed => ({
  type: 'SessionRefreshed',
  data: { sessionId: 'sess-1', userId: 5, refreshTokenHash: hash, expiresAt: day(on + 30), refreshedAt: day(on) },
});
const revoked = (reason: SessionRevoked['data']['reason'], on: number): SessionRevoked => ({
  type: 'SessionRevoked',
  data: { sessionId: 'sess-1', userId: 5, reason, revokedAt: day(on) },
});
const refresh = (presentedHash: string, nextHash: string): RefreshSession => ({
  type: 'RefreshSession',
  data: { presentedHash, nextHash, ttlDays: 30 },
});

describe('session decider', () => {
  it('starts a session that expires the given number of days from now', () => {
    sut
      .given([])
      .when(
        {
          type: 'StartSession',
          data: { sessionId: 'sess-1', userId: 5, method: 'password', refreshTokenHash: 'hash-1', ttlDays: 30, spoofedBy: null },
        },
        at(startedAt),
      )
      .then([started]);
  });

  it('records the admin behind the session when it is a spoof', () => {
    sut
      .given([])
      .when(
        {
          type: 'StartSession',
          data: { sessionId: 'sess-1', userId: 5, method: 'spoof', refreshTokenHash: 'hash-1', ttlDays: 1, spoofedBy: 1 },
        },
        at(startedAt),
      )
      .then([{ ...started, data: { ...started.data, method: 'spoof', expiresAt: day(1), spoofedBy: 1 } }]);
  });

  it('refuses to start a session when it already exists', () => {
    sut
      .given([started])
      .when(
        {
          type: 'StartSession',
          data: { sessionId: 'sess-1', userId: 5, method: 'password', refreshTokenHash: 'hash-9', ttlDays: 30, spoofedBy: null },
        },
        at(startedAt),
      )
      .thenThrows({ kind: 'conflict', code: 'SESSION.EXISTS' });
  });

  it('rotates the refresh token and moves the expiry when the current token is presented', () => {
    sut
      .given([started])
      .when(refresh('hash-1', 'hash-2'), at(day(10)))
      .then([rotated('hash-2', 10)]);
  });

  it('holds the new token as current and the old one as used when a rotation is folded', () => {
    const state = fold(sessionDecider, [started, rotated('hash-2', 10)]);

    expect(state).toEqual({
      status: 'active',
      sessionId: 'sess-1',
      userId: 5,
      currentHash: 'hash-2',
      usedHashes: ['hash-1'],
      refreshedAt: day(10),
      expiresAt: day(40),
      revokedReason: null,
      startedAt,
      method: 'password',
      spoofedBy: null,
    });
  });

  it('refreshes past the first expiry when a rotation has moved it', () => {
    sut
      .given([started, rotated('hash-2', 10)])
      .when(refresh('hash-2', 'hash-3'), at(day(35)))
      .then([rotated('hash-3', 35)]);
  });

  it('revokes the session for reuse when a token already traded in is presented again', () => {
    sut
      .given([started, rotated('hash-2', 10)])
      .when(refresh('hash-1', 'hash-3'), at(day(11)))
      .then([revoked('refresh_token_reuse', 11)]);
  });

  it('answers a conflict, and revokes nothing, when the token just traded in comes back within the race window', () => {
    const justAfter = new Date(Date.parse(day(10)) + REFRESH_RACE_MS - 1).toISOString();
    sut
      .given([started, rotated('hash-2', 10)])
      .when(refresh('hash-1', 'hash-3'), at(justAfter))
      .thenThrows({ kind: 'conflict', code: 'SESSION.REFRESH_RACED' });
  });

  it('revokes for reuse once the race window has passed, and for an older token at any time', () => {
    const windowEnd = new Date(Date.parse(day(10)) + REFRESH_RACE_MS).toISOString();
    sut
      .given([started, rotated('hash-2', 10)])
      .when(refresh('hash-1', 'hash-3'), at(windowEnd))
      .then([
        { ...revoked('refresh_token_reuse', 10), data: { ...revoked('refresh_token_reuse', 10).data, revokedAt: windowEnd } },
      ]);
    sut
      .given([started, rotated('hash-2', 10), rotated('hash-3', 10)])
      .when(refresh('hash-1', 'hash-4'), at(day(10)))
      .then([revoked('refresh_token_reuse', 10)]);
  });

  it.each([
    ['the session is revoked', [started, revoked('logout', 1)], refresh('hash-1', 'hash-2'), day(2)],
    [
      'a reused token already revoked it',
      [started, rotated('hash-2', 1), revoked('refresh_token_reuse', 2)],
      refresh('hash-2', 'hash-3'),
      day(3),
    ],
    ['the token is unknown', [started], refresh('hash-unknown', 'hash-2'), day(1)],
    ['the session has expired', [started], refresh('hash-1', 'hash-2'), day(31)],
    ['the session expires at that very moment', [started], refresh('hash-1', 'hash-2'), day(30)],
    ['the session does not exist', [], refresh('hash-1', 'hash-2'), day(1)],
  ] as const)('refuses to refresh when %s', (_why, history, command, now) => {
    sut.given(history).when(command, at(now)).thenThrows({ kind: 'unauthenticated', code: 'SESSION.REFRESH_REFUSED' });
  });

  it('refreshes until the last moment before expiry', () => {
    const justBefore = new Date(Date.parse(day(30)) - 1).toISOString();
    sut
      .given([started])
      .when(refresh('hash-1', 'hash-2'), at(justBefore))
      .then([
        {
          type: 'SessionRefreshed',
          data: {
            sessionId: 'sess-1',
            userId: 5,
            refreshTokenHash: 'hash-2',
            expiresAt: '2026-06-30T09:59:59.999Z',
            refreshedAt: justBefore,
          },
        },
      ]);
  });

  it('revokes the session with the reason given when it is active', () => {
    sut
      .given([started, rotated('hash-2', 1)])
      .when({ type: 'RevokeSession', data: { reason: 'logout' } }, at(day(2)))
      .then([revoked('logout', 2)]);
  });

  it('decides nothing when the session is already revoked', () => {
    sut
      .given([started, revoked('password_changed', 1)])
      .when({ type: 'RevokeSession', data: { reason: 'logout' } }, at(day(2)))
      .then([]);
  });

  it('decides nothing when a session that does not exist is revoked', () => {
    sut
      .given([])
      .when({ type: 'RevokeSession', data: { reason: 'account_deleted' } }, at(day(2)))
      .then([]);
  });

  describe('after a chain of three rotations', () => {
    const chain = [started, rotated('hash-2', 1), rotated('hash-3', 2), rotated('hash-4', 3)];

    it('holds every traded-in token as used when the chain is folded', () => {
      expect(fold(sessionDecider, chain)).toMatchObject({
        status: 'active',
        currentHash: 'hash-4',
        usedHashes: ['hash-1', 'hash-2', 'hash-3'],
      });
    });

    it('revokes the whole session when the first token comes back', () => {
      sut
        .given(chain)
        .when(refresh('hash-1', 'hash-5'), at(day(4)))
        .then([revoked('refresh_token_reuse', 4)]);
    });

    it('refuses even the latest token when the reuse has revoked the session', () => {
      sut
        .given([...chain, revoked('refresh_token_reuse', 4)])
        .when(refresh('hash-4', 'hash-5'), at(day(4)))
        .thenThrows({ kind: 'unauthenticated', code: 'SESSION.REFRESH_REFUSED' });
    });
  });

  describe('the sign-in time, the proof of an account without a password', () => {
    it('is the start of a session the person signed in to, and a refresh does not move it', () => {
      expect(signedInAt(fold(sessionDecider, [started, rotated('hash-2', 1)]))).toBe(startedAt);
    });

    it.each([
      ['a mail link (resume)', { ...started, data: { ...started.data, method: 'resume' as const } }],
      ['an admin spoofing', { ...started, data: { ...started.data, method: 'spoof' as const, spoofedBy: 1 } }],
      ['the demo seeder', { ...started, data: { ...started.data, method: 'seed' as const } }],
    ])('is none when the session began with %s', (_how, start) => {
      expect(signedInAt(fold(sessionDecider, [start]))).toBeNull();
    });

    it('is none when the session has ended', () => {
      expect(signedInAt(fold(sessionDecider, [started, revoked('logout', 0)]))).toBeNull();
    });
  });
});
