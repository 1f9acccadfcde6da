import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, ReportedPostType } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** Reports a post; the handler reads its author and takes a request id in case this report opens one. */
export class ReportPostCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { postId: number; postType: ReportedPostType },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
