import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { LabelModuleCommand } from './label-module.command.js';

@CommandHandler(LabelModuleCommand)
export class LabelModuleHandler implements ICommandHandler<LabelModuleCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, version, meta }: LabelModuleCommand) {
    return this.streams.decide(
      stationDecider,
      stationStream(input.stationId),
      { type: 'LabelStationModule', data: input },
      meta,
      {
        expected: { version },
      },
    );
  }
}
