import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { anonymous, DomainError, userMessages, type Actor } from '@groundtruth/domain';
import type { RouteContract } from '@groundtruth/contracts';
import { requestContext } from '@groundtruth/platform';
import type { Request } from 'express';
import { ROUTE } from '../common/http/api-route.decorator.js';
import { UsersQueries } from './queries/users.queries.js';
import { UserAccounts } from './user-accounts.js';
import { TokenService, type AccessClaims } from './tokens/token.service.js';

/** What the guard learned about the caller; controllers read it with @CurrentActor() / @CurrentSession(). */
export type RequestAuth = { readonly actor: Actor; readonly claims: AccessClaims | null };
export type AuthenticatedRequest = Request & { auth?: RequestAuth };

const bearer = (req: Request): string | null => {
  const header = req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
};

/**
 * Every route says 'none', 'optional' or 'required' in its contract. A token, when sent to a route
 * that looks at it, must be valid, unexpired, of a live session and a live account; what the actor
 * may then do is the permission policy's business, not this guard's.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly users: UsersQueries,
    private readonly accounts: UserAccounts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const route = this.reflector.get<RouteContract | undefined>(ROUTE, context.getHandler());
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearer(req);
    if (!route || route.auth === 'none' || !token) {
      if (route?.auth === 'required') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
      req.auth = { actor: anonymous, claims: null };
      return true;
    }
    const claims = await this.tokens.verifyAccess(token);
    const actor = await this.actorOf(claims);
    req.auth = { actor, claims };
    const ctx = requestContext.getStore();
    if (ctx) ctx.userId = claims.userId;
    return true;
  }

  private async actorOf(claims: AccessClaims): Promise<Actor> {
    const { account: row, sessionEnded } = await this.users.caller(claims.userId, claims.sessionId);
    if (sessionEnded === true) throw new DomainError('unauthenticated', 'AUTH.SESSION_ENDED', userMessages.sessionEnded);
    if (row) {
      if (row.deleted) throw new DomainError('unauthenticated', 'AUTH.ACCOUNT_GONE', userMessages.accountDeleted);
      return { kind: 'user', userId: claims.userId, admin: row.admin, moderator: row.moderator };
    }
    // The read model has not caught up with a brand-new account yet: ask its stream.
    const account = await this.accounts.load(claims.userId);
    if (account.status !== 'active') throw new DomainError('unauthenticated', 'AUTH.ACCOUNT_GONE', userMessages.accountDeleted);
    return { kind: 'user', userId: claims.userId, admin: account.admin, moderator: account.moderator };
  }
}
