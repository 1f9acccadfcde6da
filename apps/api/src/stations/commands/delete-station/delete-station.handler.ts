import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { DeviceClaims } from '../register-station/device-claims.js';
import { DeleteStationCommand } from './delete-station.command.js';

/**
 * Decides the deletion on the station's stream, then lets its device go: the device may be
 * registered again, as a new station (the read models drop the old one from the event).
 */
@CommandHandler(DeleteStationCommand)
export class DeleteStationHandler implements ICommandHandler<DeleteStationCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly claims: DeviceClaims,
  ) {}

  async execute({ input, meta }: DeleteStationCommand) {
    const outcome = await this.streams.decide(
      stationDecider,
      stationStream(input.stationId),
      { type: 'DeleteStation', data: input },
      meta,
    );
    await this.claims.releaseStation(input.stationId);
    return outcome;
  }
}
