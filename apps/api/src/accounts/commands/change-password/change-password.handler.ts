import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream } from '@groundtruth/domain';
import { PasswordHasher } from '../../passwords/password-hasher.js';
import { PersonProofs } from '../../sessions/person-proofs.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UserAccounts } from '../../user-accounts.js';
import { ChangePasswordCommand } from './change-password.command.js';

/**
 * Needs proof of the person (the current password, or a recent sign-in for an account that has
 * none yet); every other session of the account ends.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly hasher: PasswordHasher,
    private readonly accounts: UserAccounts,
    private readonly proofs: PersonProofs,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, meta }: ChangePasswordCommand) {
    const account = await this.accounts.load(input.userId);
    const proof = await this.proofs.of(account, input.sessionId, input.oldPassword);
    const passwordHash = await this.hasher.hash(input.newPassword);
    const outcome = await this.streams.decide(
      userDecider,
      userStream(input.userId),
      { type: 'ChangePassword', data: { userId: input.userId, passwordHash, via: 'change', proof } },
      meta,
    );
    await this.sessions.endAll(input.userId, 'password_changed', input.sessionId);
    return outcome;
  }
}
