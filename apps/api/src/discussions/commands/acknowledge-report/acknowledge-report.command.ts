import { Command } from '@nestjs/cqrs';
import type { AcknowledgeReport, CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** A moderator's answer to a request: keep the post, or delete it (a second decision, on the post's stream). */
export class AcknowledgeReportCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: AcknowledgeReport['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
