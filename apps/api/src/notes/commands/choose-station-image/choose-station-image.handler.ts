import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationNotesDecider, stationNotesStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { ChooseStationImageCommand } from './choose-station-image.command.js';

@CommandHandler(ChooseStationImageCommand)
export class ChooseStationImageHandler implements ICommandHandler<ChooseStationImageCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: ChooseStationImageCommand) {
    return this.streams.decide(
      stationNotesDecider,
      stationNotesStream(input.stationId),
      { type: 'ChooseStationImage', data: input },
      meta,
    );
  }
}
