import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * DiscourseConnect, the forum's single sign-on: the forum sends `sso` (base64 of a query string) and
 * `sig` (hex HMAC-SHA256 of `sso` with the shared secret); we answer the same shape back to its
 * return_sso_url. Pure functions, so the protocol is tested without a forum.
 */

/** What the forum asks: the nonce to echo and where to send the browser back. */
export type ForumRequest = { readonly nonce: string; readonly returnSsoUrl: string };

export type ForumUser = {
  readonly userId: number;
  readonly email: string;
  readonly name: string;
  readonly admin: boolean;
  readonly moderator: boolean;
  /** False when our address is validated, so the forum does not send its own activation mail. */
  readonly requireActivation: boolean;
};

const USERNAME_MAX = 20;

export const signSso = (secret: string, sso: string): string => createHmac('sha256', secret).update(sso).digest('hex');

/** Constant-time, so the answer's timing does not leak how much of a forged signature was right. */
export const signatureMatches = (secret: string, sso: string, sig: string): boolean => {
  if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
  return timingSafeEqual(Buffer.from(signSso(secret, sso), 'hex'), Buffer.from(sig, 'hex'));
};

/** Null when the payload lacks what the protocol requires. Read only after the signature matched. */
export const readForumRequest = (sso: string): ForumRequest | null => {
  const params = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'));
  const nonce = params.get('nonce');
  const returnSsoUrl = params.get('return_sso_url');
  return nonce && returnSsoUrl ? { nonce, returnSsoUrl } : null;
};

/** Only the configured forum may receive a signed identity: a signed request naming another site is refused. */
export const sameOrigin = (url: string, expected: string): boolean => {
  try {
    const a = new URL(url);
    return (a.protocol === 'https:' || a.protocol === 'http:') && a.origin === new URL(expected).origin;
  } catch {
    return false;
  }
};

/**
 * A forum username from the display name. Discourse accepts 3 to 20 of letters, digits, `_`, `.`
 * and `-` with more rules on the specials; keeping to letters, digits and single inner underscores
 * always passes. The forum makes it unique itself when another user has it.
 */
export const forumUsername = (name: string, userId: number): string => {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+/, '')
    .slice(0, USERNAME_MAX)
    .replace(/_+$/, '');
  return base.length >= 3 ? base : `user_${userId}`.slice(0, USERNAME_MAX);
};

/** The address to send the browser to: the forum's return URL with our signed answer. */
export const forumReturnUrl = (secret: string, request: ForumRequest, user: ForumUser): string => {
  const payload = new URLSearchParams({
    nonce: request.nonce,
    email: user.email,
    external_id: String(user.userId),
    name: user.name,
    username: forumUsername(user.name, user.userId),
    admin: String(user.admin),
    moderator: String(user.moderator),
    require_activation: String(user.requireActivation),
  });
  const sso = Buffer.from(payload.toString(), 'utf8').toString('base64');
  const url = new URL(request.returnSsoUrl);
  url.searchParams.set('sso', sso);
  url.searchParams.set('sig', signSso(secret, sso));
  return url.href;
};
