import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { RegisterStationBody } from '@groundtruth/contracts';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export type RegisterStationOutcome = CommandOutcome & {
  readonly stationId: number;
  /** False when the owner registered their own device again. */
  readonly created: boolean;
};

export class RegisterStationCommand extends Command<RegisterStationOutcome> {
  constructor(
    readonly input: RegisterStationBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
