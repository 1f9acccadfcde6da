import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { BulkResult } from '@groundtruth/contracts';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/**
 * Process many uploads again (the console's bulk action): one command, one correlation id, each
 * upload's own decision on its own stream, and an outcome per upload.
 */
export class ReprocessUploadsCommand extends Command<CommandOutcome & BulkResult> {
  constructor(
    readonly input: { readonly ingestionIds: readonly number[] },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
