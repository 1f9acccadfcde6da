import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { DeviceClaims } from '../register-station/device-claims.js';
import { TransferStationCommand } from './transfer-station.command.js';

/**
 * Decides the transfer on the station's stream, then moves the device claim with it: the claim
 * says whose device it is when the phone app registers it again (the new owner may, the old may not).
 */
@CommandHandler(TransferStationCommand)
export class TransferStationHandler implements ICommandHandler<TransferStationCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly claims: DeviceClaims,
  ) {}

  async execute({ input, meta }: TransferStationCommand) {
    const outcome = await this.streams.decide(
      stationDecider,
      stationStream(input.stationId),
      { type: 'TransferStation', data: input },
      meta,
    );
    await this.claims.transfer(input.stationId, input.newOwnerId);
    return outcome;
  }
}
