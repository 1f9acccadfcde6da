import { Controller, Req, Res } from '@nestjs/common';
import { authorize, DomainError, type Actor } from '@groundtruth/domain';
import { routes, type LoginBody, type RefreshBody, type ResumeBody } from '@groundtruth/contracts';
import type { Request, Response } from 'express';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ValidateEmailCommand } from './commands/validate-email/validate-email.command.js';
import { RateLimiter } from './abuse/rate-limiter.js';
import { CurrentActor, CurrentSession } from './current-actor.decorator.js';
import { Authenticator } from './sessions/authenticator.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { OidcClient } from './sso/oidc-client.js';
import type { AccessClaims } from './tokens/token.service.js';

/** The access token travels in the Authorization response header (spec §7). */
export const sendToken = (res: Response, token: string): void => {
  res.setHeader('Authorization', `Bearer ${token}`);
  res.setHeader('Cache-Control', 'no-store');
};

@Controller()
export class SessionController {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly authenticator: Authenticator,
    private readonly sessions: SessionIssuer,
    private readonly commands: CommandGateway,
    private readonly oidc: OidcClient,
  ) {}

  @ApiRoute(routes.login)
  async login(@Input('body') body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.hit('login', [req.ip, body.email]);
    const who = await this.authenticator.check(body.email, body.password);
    sendToken(res, await this.sessions.start(who.userId, who.spoofedBy === null ? 'password' : 'spoof', who.spoofedBy));
  }

  @ApiRoute(routes.refresh)
  async refresh(@Input('body') body: RefreshBody, @Res({ passthrough: true }) res: Response) {
    sendToken(res, await this.sessions.refresh(body.refreshToken));
  }

  /** The validation link: proves the address and signs in, once. */
  @ApiRoute(routes.resume)
  async resume(@Input('body') body: ResumeBody, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.hit('resume', [req.ip]);
    const outcome = await this.commands.execute(new ValidateEmailCommand({ token: body.token }, commandMetadata()));
    if (outcome.events.length === 0) {
      throw new DomainError('unauthenticated', 'AUTH.LINK_USED', 'This link was already used. Please log in.');
    }
    sendToken(res, await this.sessions.start(outcome.userId, 'resume'));
  }

  @ApiRoute(routes.logout)
  async logout(@CurrentActor() actor: Actor, @CurrentSession() session: AccessClaims) {
    authorize(actor, 'session.logout', {});
    await this.sessions.end(session.sessionId, 'logout');
    return { location: await this.oidc.logoutUrl() };
  }
}
