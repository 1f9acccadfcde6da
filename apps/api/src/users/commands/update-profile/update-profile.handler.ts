import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normalizeEmail, userDecider, userStream, type UserProfileUpdated } from '@groundtruth/domain';
import { EmailClaims } from '../../../auth/abuse/email-claims.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { AccountMails, requestLocale } from '../../account-mails.js';
import { UserAccounts } from '../../user-accounts.js';
import { UpdateProfileCommand } from './update-profile.command.js';

/** A new address is claimed before the change and the old one released after; the new one must be validated. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly claims: EmailClaims,
    private readonly accounts: UserAccounts,
    private readonly mails: AccountMails,
  ) {}

  async execute({ input, version, meta }: UpdateProfileCommand) {
    const { userId, changes } = input;
    const before = await this.accounts.load(userId);
    const oldEmail = before.status === 'active' ? before.email : null;
    const newEmail = changes.email === undefined ? null : normalizeEmail(changes.email);
    const moving = newEmail !== null && oldEmail !== null && newEmail !== oldEmail;
    if (moving) await this.claims.claim(newEmail, userId);
    try {
      const outcome = await this.streams.decide(
        userDecider,
        userStream(userId),
        { type: 'UpdateProfile', data: { userId, changes } },
        meta,
        { expected: { version } },
      );
      const event = outcome.events[0] as UserProfileUpdated | undefined;
      if (moving && event?.data.emailChanged) {
        await this.claims.release(oldEmail, userId);
        const pii = event.data.pii!;
        const locale = requestLocale();
        this.mails.background(() => this.mails.sendValidation(userId, pii.email, pii.name, locale), 'validation');
      }
      return outcome;
    } catch (error) {
      if (moving) await this.claims.release(newEmail, userId);
      throw error;
    }
  }
}
