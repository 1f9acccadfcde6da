import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/** A new secret token for a webhook: 256 random bits, recognisable by its prefix. */
export const newWebhookToken = (): string => `gtlw_${randomBytes(32).toString('base64url')}`;

/** What is kept of a token: its SHA-256 in hex (a random 256-bit token needs no slow hash). */
export const webhookTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `token` is the one whose hash is kept, compared in constant time. */
export const webhookTokenMatches = (token: string, hash: string): boolean => {
  const given = Buffer.from(webhookTokenHash(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
};

/** The token The Things Stack sends as a custom header: `X-Webhook-Token: …` or `Authorization: Bearer …`. */
export const webhookTokenOf = (req: Request): string | null => {
  const header = req.header('x-webhook-token')?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.header('authorization')?.trim() ?? '');
  return bearer ? bearer[1]! : null;
};
