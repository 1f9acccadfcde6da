import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, TransferStation } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** A site admin gives a station to another user (spec §2 Admin stations: transfer). */
export class TransferStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: TransferStation['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
