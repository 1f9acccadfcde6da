import type { DomainEvent } from '../kernel/messages.js';

/** How a session began; `seed`: the server's own session for its demo account, to upload demo readings. */
export type SessionMethod = 'password' | 'resume' | 'oidc' | 'discourse' | 'spoof' | 'seed';
export type SessionEndReason =
  | 'logout'
  | 'refresh_token_reuse'
  | 'password_changed'
  | 'account_deleted'
  /** The old address undid an e-mail change: whoever made it is signed out. */
  | 'email_change_undone';

/** Refresh tokens are never stored: only their SHA-256. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  {
    sessionId: string;
    userId: number;
    method: SessionMethod;
    refreshTokenHash: string;
    expiresAt: string;
    startedAt: string;
    /** The admin acting as this user, when spoofing. */
    spoofedBy: number | null;
  }
>;
export type SessionRefreshed = DomainEvent<
  'SessionRefreshed',
  { sessionId: string; userId: number; refreshTokenHash: string; expiresAt: string; refreshedAt: string }
>;
export type SessionRevoked = DomainEvent<
  'SessionRevoked',
  { sessionId: string; userId: number; reason: SessionEndReason; revokedAt: string }
>;

export type SessionEvent = SessionStarted | SessionRefreshed | SessionRevoked;
export const sessionEventTypes = [
  'SessionStarted',
  'SessionRefreshed',
  'SessionRevoked',
] as const satisfies readonly SessionEvent['type'][];
export const sessionStream = (sessionId: string): string => `session-${sessionId}`;
