import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, ConfigureStationModules } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** The station's modules as an upload's meta record describes them (modules keep their ids by hardware id). */
export class ConfigureModulesCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: ConfigureStationModules['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
