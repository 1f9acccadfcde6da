import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import { userMessages } from '../users/user.rules.js';
import type { SessionCommand } from './session.commands.js';
import type { SessionEndReason, SessionEvent, SessionMethod } from './session.events.js';

export type SessionState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'revoked';
      readonly sessionId: string;
      readonly userId: number;
      readonly currentHash: string;
      /** Every refresh token already traded in: one coming back means it was stolen. */
      readonly usedHashes: readonly string[];
      /** When the current token replaced the one before it (null: never refreshed). */
      readonly refreshedAt: string | null;
      readonly expiresAt: string;
      readonly revokedReason: SessionEndReason | null;
      /** When the person signed in (refreshes do not move it), how, and the admin spoofing, if any. */
      readonly startedAt: string;
      readonly method: SessionMethod;
      readonly spoofedBy: number | null;
    };

const DAY_MS = 86_400_000;
const expiry = (now: string, ttlDays: number): string => new Date(Date.parse(now) + ttlDays * DAY_MS).toISOString();
/**
 * A refresh that lost a race: the token it presents was traded in by another refresh this long ago at
 * most (concurrent 401s of one client, two tabs). It gets a 409 and no token, and the session goes on
 * with the winner's token; later, the same token coming back is reuse and ends the session.
 */
export const REFRESH_RACE_MS = 10_000;

const refused = () => new DomainError('unauthenticated', 'SESSION.REFRESH_REFUSED', userMessages.refreshTokenInvalid);

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          currentHash: event.data.refreshTokenHash,
          usedHashes: [],
          refreshedAt: null,
          expiresAt: event.data.expiresAt,
          revokedReason: null,
          startedAt: event.data.startedAt,
          method: event.data.method,
          spoofedBy: event.data.spoofedBy,
        };
      case 'SessionRefreshed':
        if (state.status === 'absent') return state;
        return {
          ...state,
          currentHash: event.data.refreshTokenHash,
          usedHashes: [...state.usedHashes, state.currentHash],
          refreshedAt: event.data.refreshedAt,
          expiresAt: event.data.expiresAt,
        };
      case 'SessionRevoked':
        if (state.status === 'absent') return state;
        return { ...state, status: 'revoked', revokedReason: event.data.reason };
      default:
        return state;
    }
  },

  decide(command, state, meta) {
    switch (command.type) {
      case 'StartSession': {
        if (state.status !== 'absent') throw new DomainError('conflict', 'SESSION.EXISTS', 'This session already exists.');
        const d = command.data;
        return [
          {
            type: 'SessionStarted',
            data: {
              sessionId: d.sessionId,
              userId: d.userId,
              method: d.method,
              refreshTokenHash: d.refreshTokenHash,
              expiresAt: expiry(meta.now, d.ttlDays),
              startedAt: meta.now,
              spoofedBy: d.spoofedBy,
            },
          },
        ];
      }
      case 'RefreshSession': {
        if (state.status !== 'active') throw refused();
        const { presentedHash } = command.data;
        if (presentedHash === state.currentHash) {
          if (Date.parse(state.expiresAt) <= Date.parse(meta.now)) throw refused();
          return [
            {
              type: 'SessionRefreshed',
              data: {
                sessionId: state.sessionId,
                userId: state.userId,
                refreshTokenHash: command.data.nextHash,
                expiresAt: expiry(meta.now, command.data.ttlDays),
                refreshedAt: meta.now,
              },
            },
          ];
        }
        if (
          presentedHash === state.usedHashes.at(-1) &&
          state.refreshedAt !== null &&
          Date.parse(meta.now) - Date.parse(state.refreshedAt) < REFRESH_RACE_MS
        ) {
          throw new DomainError(
            'conflict',
            'SESSION.REFRESH_RACED',
            'This refresh token was just traded in by another request; use the token that request got.',
          );
        }
        if (state.usedHashes.includes(presentedHash)) {
          // Reuse detection: a traded-in token came back, so someone else holds one of the pair.
          // The whole session ends; the caller appends this and then refuses.
          return [
            {
              type: 'SessionRevoked',
              data: { sessionId: state.sessionId, userId: state.userId, reason: 'refresh_token_reuse', revokedAt: meta.now },
            },
          ];
        }
        throw refused();
      }
      case 'RevokeSession': {
        if (state.status !== 'active') return [];
        return [
          {
            type: 'SessionRevoked',
            data: { sessionId: state.sessionId, userId: state.userId, reason: command.data.reason, revokedAt: meta.now },
          },
        ];
      }
    }
  },
};

/** Sessions that start with the person proving who they are (a one-time mail link and a spoof do not). */
const SIGN_IN_METHODS: readonly SessionMethod[] = ['password', 'oidc', 'discourse'];

/**
 * When the person behind a session last proved who they are, for the "signed in at most five
 * minutes ago" proof: the session's start when it began with a sign-in of their own, else null.
 */
export const signedInAt = (state: SessionState): string | null =>
  state.status === 'active' && state.spoofedBy === null && SIGN_IN_METHODS.includes(state.method) ? state.startedAt : null;
