import { Inject, Injectable } from '@nestjs/common';
import { isDomainError } from '@groundtruth/domain';
import { APP_CONFIG, LOGGER, type AppConfig, type Logger } from '@groundtruth/platform';
import * as oidc from 'openid-client';
import type { OidcAttempt } from './oidc-attempts.js';
import { ssoFailed, ssoNotConfigured, ssoUnreachable } from './sso-errors.js';

/** Who the provider says signed in. `provider` is the issuer, so two providers' subjects never meet. */
export type OidcIdentity = {
  readonly provider: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
};

/** What the provider appended to the redirect URI (spec §2: state, session_state, code). */
export type OidcReturn = { readonly state: string; readonly code: string; readonly session_state?: string | undefined };

type OidcSettings = NonNullable<AppConfig['oidc']>;

const SCOPE = 'openid email profile';
/** Seconds for each call to the provider, so a hung provider cannot hold a sign-in open. */
const TIMEOUT_SECONDS = 10;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * A failed fetch (refused, DNS, timeout) rather than an answer from the provider. Read by name, not
 * instanceof: fetch's errors may come from another realm (test runners use VM contexts).
 */
const isUnreachable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError' || (name === 'TypeError' && message === 'fetch failed')) return true;
  return isUnreachable(cause, depth + 1);
};

/**
 * The relying party: authorization code flow with PKCE (S256), state and nonce, against the
 * provider named by OIDC_ISSUER_URL. Every failure becomes SSO.FAILED with its cause logged.
 */
@Injectable()
export class OidcClient {
  /** Discovery once per process; a failed discovery is forgotten so the next sign-in retries. */
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Whether the server has a provider at all. */
  get configured(): boolean {
    return Boolean(this.config.oidc);
  }

  /** Throws 404 SSO.NOT_CONFIGURED when the server has no provider. */
  settings(): OidcSettings {
    const settings = this.config.oidc;
    if (!settings) throw ssoNotConfigured();
    return settings;
  }

  /** The web app's page the provider sends the browser back to (spec §2 /login/keycloak). */
  get redirectUri(): string {
    return `${this.config.publicUrl}/login/keycloak`;
  }

  async authorizationUrl(attempt: OidcAttempt): Promise<string> {
    const config = await this.configuration();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /** Trades the code for tokens, checks state, nonce and the ID token, and reads who signed in. */
  async identify(response: OidcReturn, attempt: OidcAttempt): Promise<OidcIdentity> {
    const config = await this.configuration();
    const metadata = config.serverMetadata();
    const current = new URL(this.redirectUri);
    current.searchParams.set('code', response.code);
    current.searchParams.set('state', response.state);
    if (response.session_state) current.searchParams.set('session_state', response.session_state);
    // The web app forwards only state, session_state and code (spec §7). RFC 9207's `iss` guards
    // against mixing up several providers; with exactly one configured there is nothing to mix up.
    if (metadata.authorization_response_iss_parameter_supported) current.searchParams.set('iss', metadata.issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
      });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      const subject = text(claims['sub']);
      if (!subject) throw ssoFailed();
      // Providers that follow the spec strictly put profile claims in userinfo only.
      if (text(claims['email']) === null && metadata.userinfo_endpoint) {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, subject)), ...claims };
      }
      return {
        provider: metadata.issuer,
        subject,
        email: text(claims['email']),
        emailVerified: claims['email_verified'] === true || claims['email_verified'] === 'true',
        name: text(claims['name']) ?? text(claims['preferred_username']),
      };
    } catch (error) {
      throw this.failure(error, 'code exchange');
    }
  }

  /**
   * Where to send the browser after logging out (spec §4), so the provider's session ends too and
   * the login screen does not sign the person straight back in: OIDC_LOGOUT_URL, else the
   * provider's own end-session endpoint from discovery; null without single sign-on or either.
   */
  async logoutUrl(): Promise<string | null> {
    const settings = this.config.oidc;
    if (!settings) return null;
    if (settings.logoutUrl) return settings.logoutUrl;
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { client_id: settings.clientId }).href;
    } catch {
      return null; // logged by configuration(); logging out here must still work
    }
  }

  private async configuration(): Promise<oidc.Configuration> {
    const settings = this.settings();
    if (!this.discovered) {
      const pending = this.discover(settings);
      this.discovered = pending;
      pending.catch(() => {
        if (this.discovered === pending) this.discovered = null;
      });
    }
    try {
      return await this.discovered;
    } catch (error) {
      throw this.failure(error, 'discovery');
    }
  }

  private discover(settings: OidcSettings): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuerUrl);
    // The secret as client metadata means client_secret_post, openid-client's default and Keycloak's too.
    return oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: TIMEOUT_SECONDS,
      // Plain http only for an http:// issuer, i.e. a provider on this machine in development and tests.
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
  }

  private failure(error: unknown, stage: string): Error {
    if (isDomainError(error)) return error;
    const unreachable = isUnreachable(error);
    this.log.warn({ err: error, stage, issuer: this.config.oidc?.issuerUrl }, `single sign-on failed at ${stage}`);
    return unreachable ? ssoUnreachable() : ssoFailed();
  }
}
