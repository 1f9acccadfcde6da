import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, userMessages, type SessionEndReason, type SessionMethod } from '@groundtruth/domain';
import { APP_CONFIG, LOGGER, type AppConfig, type Logger } from '@groundtruth/platform';
import { commandMetadata } from '../../common/cqrs/command-metadata.js';
import { CommandGateway } from '../../common/cqrs/command-gateway.js';
import { UsersQueries } from '../queries/users.queries.js';
import { UserAccounts } from '../user-accounts.js';
import { TokenService } from '../tokens/token.service.js';
import { RefreshSessionCommand } from '../commands/refresh-session/refresh-session.command.js';
import { RevokeSessionCommand } from '../commands/revoke-session/revoke-session.command.js';
import { StartSessionCommand } from '../commands/start-session/start-session.command.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('base64url');

/** A refresh token names its session, so the right stream can be loaded: `{sessionId}.{secret}`. */
const newRefreshToken = (sessionId: string) => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secret}`, hash: sha256(secret) };
};

const parseRefreshToken = (token: string): { sessionId: string; hash: string } | null => {
  const m = /^([0-9a-f-]{36})\.([\w-]{20,})$/.exec(token);
  return m ? { sessionId: m[1]!, hash: sha256(m[2]!) } : null;
};

const refused = () => new DomainError('unauthenticated', 'SESSION.REFRESH_REFUSED', userMessages.refreshTokenInvalid);

/**
 * Sessions: each sign-in is a stream of its own. Refresh tokens rotate on every use and only their
 * hashes are kept; a used token coming back ends the whole session (reuse detection).
 */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly gateway: CommandGateway,
    private readonly tokens: TokenService,
    private readonly accounts: UserAccounts,
    private readonly users: UsersQueries,
  ) {}

  /** Starts a session and answers its first access token. */
  async start(userId: number, method: SessionMethod, spoofedBy: number | null = null): Promise<string> {
    const sessionId = randomUUID();
    const refresh = newRefreshToken(sessionId);
    await this.gateway.execute(
      new StartSessionCommand(
        { sessionId, userId, method, refreshTokenHash: refresh.hash, ttlDays: this.config.refreshTokenTtlDays, spoofedBy },
        commandMetadata(userId),
      ),
    );
    return this.tokens.signAccess({ userId, sessionId, refreshToken: refresh.token, spoofedBy });
  }

  /** Trades a refresh token for a new access token (with a new refresh token inside). */
  async refresh(refreshToken: string): Promise<string> {
    const parsed = parseRefreshToken(refreshToken);
    if (!parsed) throw refused();
    const next = newRefreshToken(parsed.sessionId);
    const outcome = await this.gateway.execute(
      new RefreshSessionCommand(
        parsed.sessionId,
        { presentedHash: parsed.hash, nextHash: next.hash, ttlDays: this.config.refreshTokenTtlDays },
        commandMetadata(),
      ),
    );
    const event = outcome.events[0];
    if (!event || event.type !== 'SessionRefreshed') {
      this.log.warn({ sessionId: parsed.sessionId }, 'refresh token reused: session ended');
      throw refused();
    }
    const { userId } = event.data as { userId: number };
    // The answer waited for the sessions projection, so the session's row (and its spoofer) is there.
    const caller = await this.users.caller(userId, parsed.sessionId);
    const deleted = caller.account ? caller.account.deleted : (await this.accounts.load(userId)).status !== 'active';
    if (deleted) {
      await this.end(parsed.sessionId, 'account_deleted');
      throw new DomainError('unauthenticated', 'AUTH.ACCOUNT_GONE', userMessages.accountDeleted);
    }
    // Spoofing survives refreshes: the admin is recorded when the session starts.
    return this.tokens.signAccess({ userId, sessionId: parsed.sessionId, refreshToken: next.token, spoofedBy: caller.spoofedBy });
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.gateway.execute(new RevokeSessionCommand(sessionId, { reason }, commandMetadata()));
  }

  /** Ends every open session of a user but `except` (e.g. after a password change). */
  async endAll(userId: number, reason: SessionEndReason, except: string | null = null): Promise<void> {
    for (const sessionId of await this.users.openSessions(userId)) {
      if (sessionId !== except) await this.end(sessionId, reason);
    }
  }
}
