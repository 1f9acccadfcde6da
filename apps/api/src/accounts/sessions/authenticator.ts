import { Injectable } from '@nestjs/common';
import { DomainError, userMessages } from '@groundtruth/domain';
import { EmailClaims } from '../abuse/email-claims.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { UserAccounts } from '../user-accounts.js';

export type SignIn = { readonly userId: number; readonly spoofedBy: number | null };

const loginFailed = () => new DomainError('unauthenticated', 'AUTH.LOGIN_FAILED', userMessages.loginFailed);

/**
 * Checks an e-mail and password against the account's own stream (not a read model). An admin may
 * spoof (spec §3): the other user's e-mail, and "adminEmail adminPassword" as the password.
 * Unknown addresses cost one password verification too, so timing does not reveal accounts.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly claims: EmailClaims,
    private readonly hasher: PasswordHasher,
    private readonly accounts: UserAccounts,
  ) {}

  async check(email: string, password: string): Promise<SignIn> {
    const userId = await this.claims.owner(email);
    const account = userId === null ? null : await this.accounts.load(userId);
    const active = account?.status === 'active' ? account : null;
    if (await this.hasher.verify(active?.passwordHash ?? null, password)) {
      if (!active!.emailValidated) {
        throw new DomainError('forbidden', 'USER.EMAIL_NOT_VALIDATED', userMessages.emailNotValidated, {
          userId: String(active!.userId),
        });
      }
      return { userId: active!.userId, spoofedBy: null };
    }
    const spoofedBy = active ? await this.spoofingAdmin(password) : null;
    if (spoofedBy !== null && spoofedBy !== active!.userId) return { userId: active!.userId, spoofedBy };
    throw loginFailed();
  }

  /** The password is checked as its owner's: a wrong one is a 400 with a field error, not a sign-out. */
  async confirmPassword(userId: number, password: string, field = 'password'): Promise<void> {
    const account = await this.accounts.load(userId);
    const hash = account.status === 'active' ? account.passwordHash : null;
    if (!(await this.hasher.verify(hash, password))) {
      throw DomainError.validation(
        'USER.WRONG_PASSWORD',
        { [field]: userMessages.passwordCheckFailed },
        userMessages.passwordCheckFailed,
      );
    }
  }

  private async spoofingAdmin(password: string): Promise<number | null> {
    const space = password.indexOf(' ');
    if (space <= 0) return null;
    const adminId = await this.claims.owner(password.slice(0, space));
    if (adminId === null) return null;
    const admin = await this.accounts.load(adminId);
    if (admin.status !== 'active' || !admin.admin || !admin.emailValidated) return null;
    return (await this.hasher.verify(admin.passwordHash, password.slice(space + 1))) ? adminId : null;
  }
}
