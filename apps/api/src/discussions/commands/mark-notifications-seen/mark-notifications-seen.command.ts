import {
  notificationInboxDecider,
  notificationInboxStream,
  type CommandMetadata,
  type MarkNotificationsSeen,
  type NotificationsSeen,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Marks notifications seen; concurrent marks of one person's are all kept, so a conflict decides again. */
export class MarkNotificationsSeenCommand extends DeciderCommand<null, MarkNotificationsSeen, NotificationsSeen> {
  constructor(input: MarkNotificationsSeen['data'], meta: CommandMetadata) {
    super(notificationInboxDecider, notificationInboxStream(input.userId), { type: 'MarkNotificationsSeen', data: input }, meta, {
      retries: 5,
    });
  }
}
