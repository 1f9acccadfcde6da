import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userMessages, userStream } from '@groundtruth/domain';
import { PasswordHasher } from '../../../auth/passwords/password-hasher.js';
import { SessionIssuer } from '../../../auth/sessions/session-issuer.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UserAccounts } from '../../user-accounts.js';
import { ChangePasswordCommand } from './change-password.command.js';

/** Needs the current password; every other session of the account ends. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly hasher: PasswordHasher,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, meta }: ChangePasswordCommand) {
    const account = await this.accounts.load(input.userId);
    const hash = account.status === 'active' ? account.passwordHash : null;
    if (!(await this.hasher.verify(hash, input.oldPassword))) {
      throw DomainError.validation(
        'USER.WRONG_PASSWORD',
        { oldPassword: userMessages.passwordCheckFailed },
        userMessages.passwordCheckFailed,
      );
    }
    const passwordHash = await this.hasher.hash(input.newPassword);
    const outcome = await this.streams.decide(
      userDecider,
      userStream(input.userId),
      { type: 'ChangePassword', data: { userId: input.userId, passwordHash, via: 'change' } },
      meta,
    );
    await this.sessions.endAll(input.userId, 'password_changed', input.sessionId);
    return outcome;
  }
}
