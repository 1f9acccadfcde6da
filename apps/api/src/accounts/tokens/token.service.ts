import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { DomainError, EMAIL_UNDO_DAYS, userMessages } from '@groundtruth/domain';
import { APP_CONFIG, type AppConfig } from '@groundtruth/platform';
import { SecretStore } from './secret-store.js';

const ALGORITHMS = ['HS256'];
/** Access tokens whose signature and claims were checked, kept until they expire (a few MB at most). */
const VERIFIED_ACCESS_TOKENS = 10_000;
const ISSUER = 'groundtruth';
const ACCESS_AUDIENCE = 'groundtruth-api';

export type AccessClaims = {
  readonly userId: number;
  readonly sessionId: string;
  /** The spec's client reads the refresh token from the access token's payload (§7 POST /refresh). */
  readonly refreshToken: string;
  readonly spoofedBy: number | null;
};

/** What a one-time link in an e-mail is for; each purpose has its own audience, so one cannot stand for another. */
export type LinkPurpose = 'validate-email' | 'reset-password' | 'undo-email-change';

const linkTtlSeconds: Record<LinkPurpose, number> = {
  'validate-email': 7 * 24 * 3600,
  'reset-password': 3600,
  // The account's undo offer expires with it; the aggregate makes the link work once.
  'undo-email-change': EMAIL_UNDO_DAYS * 24 * 3600,
};

/**
 * Access tokens and e-mail link tokens: HS256 only (an allowlist, so `alg: none` or a swapped
 * algorithm is refused), with issuer, audience and expiry always checked.
 */
@Injectable()
export class TokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secrets: SecretStore,
  ) {}

  private keyBytes: Uint8Array | null = null;

  /**
   * Access tokens already verified, with their claims and expiry (seconds). Every API call of a
   * signed-in person carries the same token for its lifetime, and verifying it again costs a key
   * import and an HMAC through WebCrypto each time (about as much CPU as the rest of a cached chart
   * answer). A token is its own signature: the same text verified once verifies again until `exp`.
   * The session behind it is still checked on every call (the auth guard reads it).
   */
  private readonly verifiedAccess = new Map<string, { readonly claims: AccessClaims; readonly exp: number }>();

  /** Read once per process (the secret store keeps a failed read from sticking). */
  private async key(): Promise<Uint8Array> {
    if (this.keyBytes) return this.keyBytes;
    const configured = this.config.jwtSecret;
    this.keyBytes = configured ? new TextEncoder().encode(configured) : new Uint8Array(await this.secrets.get('jwt'));
    return this.keyBytes;
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      sid: claims.sessionId,
      refresh_token: claims.refreshToken,
      ...(claims.spoofedBy !== null ? { spoofed_by: claims.spoofedBy } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.config.accessTokenTtlSeconds}s`)
      .sign(await this.key());
  }

  /** Claims of a valid access token. An expired one is a 401 whose message names the token, so the client refreshes (spec §8). */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const expired = () => new DomainError('unauthenticated', 'AUTH.TOKEN_EXPIRED', userMessages.tokenExpired);
    const known = this.verifiedAccess.get(token);
    if (known) {
      // jose's rule, without clock tolerance: expired once the current second reaches `exp`.
      if (Math.floor(Date.now() / 1000) < known.exp) return known.claims;
      this.verifiedAccess.delete(token);
      throw expired();
    }
    const payload = await this.verify(token, ACCESS_AUDIENCE, expired);
    const userId = Number(payload.sub);
    const sessionId = payload['sid'];
    const refreshToken = payload['refresh_token'];
    if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || typeof refreshToken !== 'string') throw invalidToken();
    const spoofedBy = typeof payload['spoofed_by'] === 'number' ? payload['spoofed_by'] : null;
    const claims = { userId, sessionId, refreshToken, spoofedBy };
    if (typeof payload.exp === 'number') {
      if (this.verifiedAccess.size >= VERIFIED_ACCESS_TOKENS)
        this.verifiedAccess.delete(this.verifiedAccess.keys().next().value!);
      this.verifiedAccess.set(token, { claims, exp: payload.exp });
    }
    return claims;
  }

  async signLink(purpose: LinkPurpose, userId: number, extra: Record<string, string>): Promise<string> {
    return new SignJWT(extra)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(`groundtruth-${purpose}`)
      .setIssuedAt()
      .setExpirationTime(`${linkTtlSeconds[purpose]}s`)
      .sign(await this.key());
  }

  /** The user id and extra claims of a link token for this purpose; a 401 when it is not one. */
  async verifyLink(purpose: LinkPurpose, token: string): Promise<{ userId: number; claims: JWTPayload }> {
    const expired = () =>
      new DomainError('unauthenticated', 'AUTH.LINK_EXPIRED', 'This link has expired. Please ask for a new one.');
    const payload = await this.verify(token, `groundtruth-${purpose}`, expired);
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) throw invalidToken();
    return { userId, claims: payload };
  }

  private async verify(token: string, audience: string, onExpired: () => DomainError): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, await this.key(), { algorithms: ALGORITHMS, issuer: ISSUER, audience });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw onExpired();
      if (error instanceof joseErrors.JOSEError) throw invalidToken();
      throw error;
    }
  }
}

const invalidToken = () => new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', userMessages.tokenInvalid);
