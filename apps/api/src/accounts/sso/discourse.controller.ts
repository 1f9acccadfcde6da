import { Controller, Inject, Req, Res } from '@nestjs/common';
import { DomainError, userMessages, type Actor } from '@groundtruth/domain';
import { routes, type DiscourseAuthBody } from '@groundtruth/contracts';
import { APP_CONFIG, type AppConfig } from '@groundtruth/platform';
import type { Response } from 'express';
import { ApiRoute, Input } from '../../common/http/api-route.decorator.js';
import { UserAccounts } from '../user-accounts.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import type { AuthenticatedRequest } from '../auth.guard.js';
import { CurrentActor } from '../current-actor.decorator.js';
import { sendToken } from '../session.controller.js';
import { Authenticator } from '../sessions/authenticator.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { forumReturnUrl, readForumRequest, sameOrigin, signatureMatches } from './discourse-sso.js';
import { accountGone, ssoNotConfigured } from './sso-errors.js';

const badRequest = (code: string, message: string) => new DomainError('validation', code, message);

/** Spoofing lets an admin see the portal as someone; it is not a way to post on the forum as them. */
const spoofRefused = () => new DomainError('forbidden', 'SSO.SPOOFED', 'A spoofed session cannot sign in to the forum.');

/** Forum single sign-on (spec "Other account screens"): the forum asks, we answer who signed in. */
@Controller()
export class DiscourseController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly authenticator: Authenticator,
    private readonly sessions: SessionIssuer,
    private readonly accounts: UserAccounts,
  ) {}

  @ApiRoute(routes.discourseAuth)
  async auth(
    @Input('body') body: DiscourseAuthBody,
    @CurrentActor() actor: Actor,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const forum = this.config.discourse;
    if (!forum) throw ssoNotConfigured();
    // Nothing in the payload is trusted, or even read, before its signature matches.
    if (!signatureMatches(forum.secret, body.sso, body.sig)) throw badRequest('SSO.BAD_SIGNATURE', userMessages.ssoBadSignature);
    const request = readForumRequest(body.sso);
    if (!request) throw badRequest('SSO.BAD_PAYLOAD', 'The forum sign-on request has no nonce or return address.');
    if (!sameOrigin(request.returnSsoUrl, forum.url)) {
      throw badRequest('SSO.BAD_RETURN_URL', 'The forum sign-on request names a return address outside the forum.');
    }
    const userId = await this.signedIn(body, actor, req, res);
    const account = await this.accounts.load(userId);
    if (account.status !== 'active') throw accountGone();
    const location = forumReturnUrl(forum.secret, request, {
      userId,
      email: account.email,
      name: account.name,
      admin: account.admin,
      moderator: account.moderator,
      requireActivation: !account.emailValidated,
    });
    return { location };
  }

  /** The caller's own session when a token came along; else e-mail and password, which also sign in here. */
  private async signedIn(body: DiscourseAuthBody, actor: Actor, req: AuthenticatedRequest, res: Response): Promise<number> {
    if (actor.kind === 'user') {
      if ((req.auth?.claims?.spoofedBy ?? null) !== null) throw spoofRefused();
      return actor.userId;
    }
    if (!body.email || !body.password) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
    await this.limiter.hit('login', [req.ip, body.email]);
    const who = await this.authenticator.check(body.email, body.password);
    if (who.spoofedBy !== null) throw spoofRefused();
    sendToken(res, await this.sessions.start(who.userId, 'discourse'));
    return who.userId;
  }
}
