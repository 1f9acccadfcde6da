import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { LinkStationCommand } from './link-station.command.js';

@CommandHandler(LinkStationCommand)
export class LinkStationHandler implements ICommandHandler<LinkStationCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: LinkStationCommand) {
    return this.streams.decide(stationDecider, stationStream(input.stationId), { type: 'LinkStation', data: input }, meta);
  }
}
