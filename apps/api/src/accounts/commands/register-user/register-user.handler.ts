import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normalizeEmail, userDecider, userStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { EmailClaims } from '../../abuse/email-claims.js';
import { PasswordHasher } from '../../passwords/password-hasher.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { AccountMails, requestLocale } from '../../account-mails.js';
import { RegisterUserCommand } from './register-user.command.js';

/**
 * Hash first (so a taken address costs the same time as a free one), claim the address, append
 * UserRegistered, and send the validation mail in the background.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly streams: AggregateStreams,
    private readonly hasher: PasswordHasher,
    private readonly claims: EmailClaims,
    private readonly mails: AccountMails,
  ) {}

  async execute({ input, meta }: RegisterUserCommand) {
    const passwordHash = await this.hasher.hash(input.password);
    const email = normalizeEmail(input.email);
    const userId = await this.ids.next('user');
    const locale = requestLocale();
    await this.claims.claim(email, userId);
    try {
      const outcome = await this.streams.decide(
        userDecider,
        userStream(userId),
        {
          type: 'RegisterUser',
          data: {
            userId,
            name: input.name,
            email,
            passwordHash,
            tncAccept: input.tncAccept,
            via: 'password',
            emailValidated: false,
            locale,
          },
        },
        { ...meta, userId },
      );
      this.mails.background(() => this.mails.sendValidation(userId, email, input.name.trim(), locale), 'validation');
      return { ...outcome, userId };
    } catch (error) {
      await this.claims.release(email, userId);
      throw error;
    }
  }
}
