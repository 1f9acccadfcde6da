import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isValidEmail, normalizeEmail, userMessages, USER_NAME_MAX } from '@groundtruth/domain';
import {
  APP_CONFIG,
  ID_ALLOCATOR,
  LOGGER,
  PG_POOL,
  type AppConfig,
  type IdAllocator,
  type Logger,
  type PgPool,
} from '@groundtruth/platform';
import { commandMetadata } from '../../common/cqrs/command-metadata.js';
import { CommandGateway } from '../../common/cqrs/command-gateway.js';
import { LinkIdentityCommand } from '../commands/link-identity/link-identity.command.js';
import { RecordRegistrationCommand } from '../commands/record-registration/record-registration.command.js';
import { SetRolesCommand } from '../commands/set-roles/set-roles.command.js';
import { UserAccounts } from '../user-accounts.js';
import { EmailClaims } from '../abuse/email-claims.js';
import type { OidcIdentity } from './oidc-client.js';
import { accountGone, ssoFailed } from './sso-errors.js';
import { requestLocale } from '../account-mails.js';

/**
 * The account behind a provider identity: the one linked to it, else the one holding the same
 * address (only when the provider vouches for it), else a new one. One account per address holds
 * across all three because new accounts claim their address like password sign-ups do.
 */
@Injectable()
export class SsoAccounts {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly gateway: CommandGateway,
    private readonly accounts: UserAccounts,
    private readonly claims: EmailClaims,
  ) {}

  async accountFor(identity: OidcIdentity): Promise<number> {
    const linked = await this.linkedUser(identity);
    if (linked !== null) return this.active(linked);
    const email = identity.email === null ? null : normalizeEmail(identity.email);
    if (email === null || !isValidEmail(email)) {
      this.log.warn({ provider: identity.provider }, 'single sign-on identity without a usable e-mail address');
      throw ssoFailed('Your single sign-on account has no usable e-mail address. Please add one there and try again.');
    }
    const owner = await this.claims.owner(email);
    if (owner === null) return this.register(identity, email);
    // Linking on an address the provider has not checked would hand the account to whoever typed it.
    if (!identity.emailVerified) {
      throw ssoFailed(
        'An account with this e-mail address exists. Log in with its password, or verify the address with your provider first.',
      );
    }
    const account = await this.accounts.load(owner);
    if (account.status !== 'active') throw accountGone();
    // An unvalidated account may have been registered by someone else with this address (and a
    // password they know); linking it would let them in later. Its owner validates it first.
    if (!account.emailValidated) {
      throw new DomainError('forbidden', 'USER.EMAIL_NOT_VALIDATED', userMessages.emailNotValidated, { userId: String(owner) });
    }
    return this.link(owner, identity);
  }

  private async linkedUser(identity: OidcIdentity): Promise<number | null> {
    const r = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM gt_identity_links WHERE provider = $1 AND subject = $2',
      [identity.provider, identity.subject],
    );
    return r.rows[0] ? Number(r.rows[0].user_id) : null;
  }

  private async active(userId: number): Promise<number> {
    const account = await this.accounts.load(userId);
    if (account.status !== 'active') throw accountGone();
    return userId;
  }

  private async register(identity: OidcIdentity, email: string): Promise<number> {
    const userId = await this.ids.next('user');
    const name = (identity.name ?? email.split('@')[0]!).slice(0, USER_NAME_MAX);
    await this.claims.claim(email, userId);
    try {
      await this.gateway.execute(
        new RecordRegistrationCommand(
          // No terms accepted here: the web guard sends the new user to /terms (spec §2).
          {
            userId,
            name,
            email,
            passwordHash: null,
            tncAccept: false,
            via: 'oidc',
            emailValidated: identity.emailVerified,
            locale: requestLocale(),
          },
          commandMetadata(userId),
        ),
      );
    } catch (error) {
      await this.claims.release(email, userId);
      throw error;
    }
    this.log.info({ userId, provider: identity.provider }, 'account created by single sign-on');
    // ADMIN_EMAILS names addresses that become admins once proven; a vouched-for address is proven.
    if (identity.emailVerified && this.config.adminEmails.includes(email)) {
      await this.gateway.execute(new SetRolesCommand({ userId, admin: true }, commandMetadata(userId)));
      this.log.info({ userId }, 'site admin granted (ADMIN_EMAILS)');
    }
    return this.link(userId, identity);
  }

  /** The row first: its key is what makes one identity one account when two sign-ins race. */
  private async link(userId: number, identity: OidcIdentity): Promise<number> {
    const inserted = await this.pool.query(
      'INSERT INTO gt_identity_links (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT (provider, subject) DO NOTHING',
      [identity.provider, identity.subject, userId],
    );
    if (inserted.rowCount === 0) {
      const winner = await this.linkedUser(identity);
      if (winner === null) throw ssoFailed();
      return this.active(winner);
    }
    try {
      await this.gateway.execute(
        new LinkIdentityCommand({ userId, provider: identity.provider, subject: identity.subject }, commandMetadata(userId)),
      );
    } catch (error) {
      await this.pool.query('DELETE FROM gt_identity_links WHERE provider = $1 AND subject = $2 AND user_id = $3', [
        identity.provider,
        identity.subject,
        userId,
      ]);
      throw error;
    }
    return userId;
  }
}
