import type { Command } from '../kernel/messages.js';
import type { SessionEndReason, SessionMethod } from './session.events.js';

export type StartSession = Command<
  'StartSession',
  {
    sessionId: string;
    userId: number;
    method: SessionMethod;
    refreshTokenHash: string;
    ttlDays: number;
    spoofedBy: number | null;
  }
>;
/** Rotate: the presented refresh token (hashed) is traded for a new one, once. */
export type RefreshSession = Command<'RefreshSession', { presentedHash: string; nextHash: string; ttlDays: number }>;
export type RevokeSession = Command<'RevokeSession', { reason: SessionEndReason }>;
export type SessionCommand = StartSession | RefreshSession | RevokeSession;
