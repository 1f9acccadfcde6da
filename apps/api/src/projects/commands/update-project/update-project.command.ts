import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, UpdateProject } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class UpdateProjectCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: UpdateProject['data'],
    /** The details' version the writer read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
