import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** The link mailed to the old address after an e-mail change. */
export class UndoEmailChangeCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly token: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
