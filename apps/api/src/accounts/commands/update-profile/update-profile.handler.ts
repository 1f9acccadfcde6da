import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normalizeEmail, userDecider, userStream, type UserEmailUndoOffered, type UserProfileUpdated } from '@groundtruth/domain';
import { EmailClaims } from '../../abuse/email-claims.js';
import { PersonProofs } from '../../sessions/person-proofs.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { AccountMails, requestLocale } from '../../account-mails.js';
import { UserAccounts } from '../../user-accounts.js';
import { UpdateProfileCommand } from './update-profile.command.js';

/**
 * A new address needs proof of the person (the decider judges it). It is claimed before the change;
 * the old one stays held while it may undo the change, and is told so with a one-use undo link; the
 * new one must be validated.
 */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly claims: EmailClaims,
    private readonly accounts: UserAccounts,
    private readonly proofs: PersonProofs,
    private readonly mails: AccountMails,
  ) {}

  async execute({ input, version, meta }: UpdateProfileCommand) {
    const { userId, changes } = input;
    const before = await this.accounts.load(userId);
    const oldEmail = before.status === 'active' ? before.email : null;
    const newEmail = changes.email === undefined ? null : normalizeEmail(changes.email);
    const moving = newEmail !== null && oldEmail !== null && newEmail !== oldEmail;
    // Checking a password is slow: only when the address changes, the one change that needs it.
    const proof = moving ? await this.proofs.of(before, input.sessionId, input.currentPassword) : undefined;
    if (moving) await this.claims.claim(newEmail, userId);
    try {
      const outcome = await this.streams.decide(
        userDecider,
        userStream(userId),
        { type: 'UpdateProfile', data: { userId, changes, ...(proof ? { proof, undoId: randomUUID() } : {}) } },
        meta,
        { expected: { version } },
      );
      const event = outcome.events[0] as UserProfileUpdated | undefined;
      const offer = outcome.events[1] as UserEmailUndoOffered | undefined;
      if (moving && event?.data.emailChanged && offer) {
        await this.claims.hold(oldEmail, userId, offer.data.expiresAt);
        const pii = event.data.pii!;
        const locale = requestLocale();
        this.mails.background(() => this.mails.sendValidation(userId, pii.email, pii.name, locale), 'validation');
        this.mails.background(
          () => this.mails.sendEmailChanged(userId, offer.data.undoId, oldEmail, pii.name, pii.email, locale),
          'email changed',
        );
      }
      return outcome;
    } catch (error) {
      if (moving) await this.claims.release(newEmail, userId);
      throw error;
    }
  }
}
