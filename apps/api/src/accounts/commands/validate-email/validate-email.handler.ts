import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, normalizeEmail, userMessages } from '@groundtruth/domain';
import { APP_CONFIG, LOGGER, type AppConfig, type Logger } from '@groundtruth/platform';
import { TokenService } from '../../tokens/token.service.js';
import { CommandGateway } from '../../../common/cqrs/command-gateway.js';
import { UserAccounts } from '../../user-accounts.js';
import { MarkEmailValidatedCommand } from '../mark-email-validated/mark-email-validated.command.js';
import { SetRolesCommand } from '../set-roles/set-roles.command.js';
import { ValidateEmailCommand } from './validate-email.command.js';

/**
 * The link of the validation mail: proves the address, and makes the account a site admin when the
 * address is one of ADMIN_EMAILS (how an installation gets its first admin).
 */
@CommandHandler(ValidateEmailCommand)
export class ValidateEmailHandler implements ICommandHandler<ValidateEmailCommand> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly tokens: TokenService,
    private readonly gateway: CommandGateway,
    private readonly accounts: UserAccounts,
  ) {}

  async execute({ input, meta }: ValidateEmailCommand) {
    const { userId, claims } = await this.tokens.verifyLink('validate-email', input.token);
    const email = typeof claims['email'] === 'string' ? claims['email'] : '';
    const account = await this.accounts.load(userId);
    if (account.status !== 'active') throw new DomainError('unauthenticated', 'AUTH.ACCOUNT_GONE', userMessages.accountDeleted);
    const actorMeta = { ...meta, userId };
    const validated = await this.gateway.execute(new MarkEmailValidatedCommand({ userId, email }, actorMeta));
    if (this.config.adminEmails.includes(normalizeEmail(email)) && !account.admin) {
      await this.gateway.execute(new SetRolesCommand({ userId, admin: true }, actorMeta));
      this.log.info({ userId }, 'site admin granted (ADMIN_EMAILS)');
    }
    return { ...validated, userId };
  }
}
