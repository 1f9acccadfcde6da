import { Controller } from '@nestjs/common';
import { authorize, DomainError, userMessages, type Actor } from '@groundtruth/domain';
import { routes, type AdminClearTermsBody, type AdminDeleteUserBody } from '@groundtruth/contracts';
import { EmailClaims } from './abuse/email-claims.js';
import { CurrentActor, userIdOf } from './current-actor.decorator.js';
import { Authenticator } from './sessions/authenticator.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { DeleteAccountCommand } from './commands/delete-account/delete-account.command.js';
import { ClearTermsCommand } from './commands/clear-terms/clear-terms.command.js';
import { UsersQueries } from './queries/users.queries.js';

/** Site-admin tools over accounts (spec §2 Admin / Users). */
@Controller()
export class AdminUsersController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: UsersQueries,
    private readonly claims: EmailClaims,
    private readonly authenticator: Authenticator,
  ) {}

  private async userWith(email: string): Promise<number> {
    const userId = await this.claims.owner(email);
    if (userId === null) throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    return userId;
  }

  @ApiRoute(routes.adminDeleteUser)
  async deleteUser(@CurrentActor() actor: Actor, @Input('body') body: AdminDeleteUserBody) {
    authorize(actor, 'admin.deleteUser', {});
    const adminId = userIdOf(actor);
    await this.authenticator.confirmPassword(adminId, body.password);
    const userId = await this.userWith(body.email);
    if (userId === adminId) {
      throw DomainError.validation('USER.DELETE_SELF', {
        email: 'To delete your own account, use Delete account on your profile.',
      });
    }
    await this.commands.execute(new DeleteAccountCommand({ userId, by: 'administrator' }, commandMetadata()));
  }

  @ApiRoute(routes.adminClearTerms)
  async clearTerms(@CurrentActor() actor: Actor, @Input('body') body: AdminClearTermsBody) {
    authorize(actor, 'admin.clearTerms', {});
    const userId = await this.userWith(body.email);
    await this.commands.execute(new ClearTermsCommand({ userId }, commandMetadata()));
  }

  @ApiRoute(routes.adminSearchUsers)
  searchUsers(@CurrentActor() actor: Actor, @Input('query') { query }: { query: string }) {
    authorize(actor, 'admin.searchUsers', {});
    return this.queries.search(query);
  }
}
