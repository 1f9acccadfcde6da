import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class UploadPhotoCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly userId: number; readonly bytes: Buffer },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
