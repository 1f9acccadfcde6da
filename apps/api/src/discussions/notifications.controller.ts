import { Controller } from '@nestjs/common';
import { authorize, type Actor } from '@groundtruth/domain';
import { routes, type NotificationPage, type NotificationsQuery } from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { MarkNotificationsSeenCommand } from './commands/mark-notifications-seen/mark-notifications-seen.command.js';
import { NotificationsQueries } from './queries/notifications.queries.js';

/** The caller's notifications: the table is the truth, the socket only delivers and wakes. */
@Controller()
export class NotificationsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: NotificationsQueries,
  ) {}

  @ApiRoute(routes.notifications)
  async list(@CurrentActor() actor: Actor, @Input('query') q: NotificationsQuery): Promise<NotificationPage> {
    authorize(actor, 'notifications.read', {});
    return this.queries.page(userIdOf(actor), q);
  }

  /** An empty list marks every notification the caller has now (a later one stays unread). */
  @ApiRoute(routes.notificationsSeen)
  async seen(@CurrentActor() actor: Actor, @Input('body') { ids }: { ids: number[] }) {
    authorize(actor, 'notifications.read', {});
    const userId = userIdOf(actor);
    const upTo = ids.length === 0 ? await this.queries.newestId(userId) : null;
    await this.commands.execute(new MarkNotificationsSeenCommand({ userId, ids, upTo }, commandMetadata(userId)));
  }
}
