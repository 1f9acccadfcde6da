import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { ConfigureModulesCommand } from './configure-modules.command.js';

@CommandHandler(ConfigureModulesCommand)
export class ConfigureModulesHandler implements ICommandHandler<ConfigureModulesCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: ConfigureModulesCommand) {
    // Uploads carry no client version: a configuration decided again on a newer state means the same.
    return this.streams.decide(
      stationDecider,
      stationStream(input.stationId),
      { type: 'ConfigureStationModules', data: input },
      meta,
      {
        retries: 3,
      },
    );
  }
}
