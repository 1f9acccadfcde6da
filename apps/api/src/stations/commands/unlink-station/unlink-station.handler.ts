import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UnlinkStationCommand } from './unlink-station.command.js';

@CommandHandler(UnlinkStationCommand)
export class UnlinkStationHandler implements ICommandHandler<UnlinkStationCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: UnlinkStationCommand) {
    return this.streams.decide(stationDecider, stationStream(input.stationId), { type: 'UnlinkStation', data: input }, meta);
  }
}
