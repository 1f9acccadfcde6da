import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UpdateStationCommand } from './update-station.command.js';

@CommandHandler(UpdateStationCommand)
export class UpdateStationHandler implements ICommandHandler<UpdateStationCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: UpdateStationCommand) {
    return this.streams.decide(stationDecider, stationStream(input.stationId), { type: 'UpdateStation', data: input }, meta);
  }
}
