import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, UpdateStation } from '@groundtruth/domain';
import type { UpdateStationBody } from '@groundtruth/contracts';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** What a caller asks for; whether the owner deleted their account the handler finds out itself. */
export type UpdateStationInput = Omit<UpdateStation['data'], 'ownerDeleted'>;

export class UpdateStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: UpdateStationInput,
    /** The station's version the writer read; null for the product's own changes (the demo seed), not a client's. */
    readonly version: number | null,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/**
 * PATCH /stations/{id} in the command's shape: the texts and flags given, a deployment when both
 * location and deployedAt are (the contract refuses one without the other), and the attributes.
 */
export const updateStationInput = (stationId: number, body: UpdateStationBody): UpdateStationInput => {
  const { name, description, hidden, locationName, location, deployedAt, attributes } = body;
  const details = Object.fromEntries(
    Object.entries({ name, description, hidden, locationName }).filter(([, v]) => v !== undefined),
  ) as UpdateStationInput['details'];
  return {
    stationId,
    details,
    ...(location && deployedAt !== undefined
      ? { deployment: { location, deployedAt, ...(locationName !== undefined ? { locationName } : {}) } }
      : {}),
    ...(attributes ? { attributes } : {}),
  };
};
