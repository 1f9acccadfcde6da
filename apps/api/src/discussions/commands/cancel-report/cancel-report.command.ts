import {
  moderationDecider,
  moderationStream,
  type CancelReport,
  type CommandMetadata,
  type ModerationCommand,
  type ModerationEvent,
  type ModerationState,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** A reporter withdraws their report (decided again when another report lands meanwhile). */
export class CancelReportCommand extends DeciderCommand<ModerationState, ModerationCommand, ModerationEvent> {
  constructor(input: CancelReport['data'], meta: CommandMetadata) {
    super(moderationDecider, moderationStream(input.postType, input.postId), { type: 'CancelReport', data: input }, meta, {
      retries: 5,
    });
  }
}
