import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, LabelStationModule } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class LabelModuleCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: LabelStationModule['data'],
    /** The station's version the writer read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
