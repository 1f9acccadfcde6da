import { Controller, Res } from '@nestjs/common';
import { routes, type OidcAuthResult, type OidcUrl } from '@groundtruth/contracts';
import type { Response } from 'express';
import { ApiRoute, Input } from '../../common/http/api-route.decorator.js';
import { sendToken } from '../session.controller.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { newAttempt, OidcAttempts } from './oidc-attempts.js';
import { OidcClient, type OidcReturn } from './oidc-client.js';
import { SsoAccounts } from './sso-accounts.js';

/** Single sign-on with the OpenID Connect provider (spec §2 Login, §7 Session calls). */
@Controller()
export class OidcController {
  constructor(
    private readonly client: OidcClient,
    private readonly attempts: OidcAttempts,
    private readonly accounts: SsoAccounts,
    private readonly sessions: SessionIssuer,
  ) {}

  @ApiRoute(routes.oidcUrl)
  async url(@Input('query') { after }: { after?: string }): Promise<OidcUrl> {
    // No provider is an answer, not an error: the login page asks on every visit (issue 16).
    if (!this.client.configured) return { location: null };
    const attempt = newAttempt();
    // The address first: when the provider is down nothing is stored and the web app falls back to the form.
    const location = await this.client.authorizationUrl(attempt);
    await this.attempts.save(attempt, after ?? null);
    return { location };
  }

  @ApiRoute(routes.oidcAuth)
  async auth(@Input('query') query: OidcReturn, @Res({ passthrough: true }) res: Response): Promise<OidcAuthResult> {
    this.client.settings();
    const attempt = await this.attempts.take(query.state);
    const identity = await this.client.identify(query, attempt);
    const userId = await this.accounts.accountFor(identity);
    sendToken(res, await this.sessions.start(userId, 'oidc'));
    return { after: attempt.after };
  }
}
