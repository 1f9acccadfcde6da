import { Injectable } from '@nestjs/common';
import { DomainError, userMessages, type Actor } from '@groundtruth/domain';
import { UsersQueries } from './queries/users.queries.js';
import { TokenService, type AccessClaims } from './tokens/token.service.js';
import { UserAccounts } from './user-accounts.js';

/**
 * Who an access token speaks for: valid, unexpired, of a live session and a live account. The
 * HTTP guard and the notification socket (whose first message carries the token) both ask here.
 */
@Injectable()
export class TokenActors {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersQueries,
    private readonly accounts: UserAccounts,
  ) {}

  async resolve(token: string): Promise<{ actor: Extract<Actor, { kind: 'user' }>; claims: AccessClaims }> {
    const claims = await this.tokens.verifyAccess(token);
    return { actor: await this.actorOf(claims), claims };
  }

  private async actorOf(claims: AccessClaims): Promise<Extract<Actor, { kind: 'user' }>> {
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
