import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  assertValidRegistration,
  DomainError,
  normalizeDeviceId,
  stationDecider,
  stationMessages,
  stationStream,
  userMessages,
  type StationModuleConfig,
} from '@groundtruth/domain';
import type { RegisterStationBody } from '@groundtruth/contracts';
import { ID_ALLOCATOR, LOGGER, type IdAllocator, type Logger } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { DefaultProject } from './default-project.js';
import { DeviceClaims } from './device-claims.js';
import { RegisterStationCommand, type RegisterStationOutcome } from './register-station.command.js';

const deviceTaken = () =>
  DomainError.validation('STATION.DEVICE_TAKEN', { deviceId: stationMessages.deviceTaken }, stationMessages.deviceTaken);

/**
 * Claim the device id (or find the owner's own station holding it), take ids for the modules,
 * decide on the station's stream; a user's first station then goes into a default project.
 */
@CommandHandler(RegisterStationCommand)
export class RegisterStationHandler implements ICommandHandler<RegisterStationCommand> {
  constructor(
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly streams: AggregateStreams,
    private readonly claims: DeviceClaims,
    private readonly defaultProject: DefaultProject,
  ) {}

  async execute({ input, meta }: RegisterStationCommand): Promise<RegisterStationOutcome> {
    const ownerId = meta.userId;
    if (ownerId === null) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
    assertValidRegistration(input);
    const deviceId = normalizeDeviceId(input.deviceId);
    // Read before this registration adds a station of theirs.
    const first = await this.defaultProject.isFirst(ownerId);
    const { stationId, created } = await this.stationFor(deviceId, ownerId);
    let outcome;
    try {
      outcome = await this.streams.decide(
        stationDecider,
        stationStream(stationId),
        {
          type: 'RegisterStation',
          data: {
            stationId,
            deviceId,
            name: input.name,
            ...(input.locationName !== undefined ? { locationName: input.locationName } : {}),
            ...(input.model !== undefined ? { model: input.model } : {}),
            ...(input.modules ? { modules: await this.modules(input.modules) } : {}),
          },
        },
        meta,
      );
    } catch (error) {
      if (created) await this.claims.release(deviceId, stationId);
      throw error;
    }
    if (created && first) {
      // The station is registered whatever happens next: a failure here is logged, not answered.
      await this.defaultProject
        .placeFirstStation(stationId, { ...meta, userId: ownerId })
        .catch((err: unknown) => this.log.warn({ err, stationId }, 'could not make the default project'));
    }
    return { ...outcome, stationId, created };
  }

  private async stationFor(deviceId: string, ownerId: number): Promise<{ stationId: number; created: boolean }> {
    const held = await this.claims.holder(deviceId);
    if (held) {
      if (held.ownerId !== ownerId) throw deviceTaken();
      return { stationId: held.stationId, created: false };
    }
    const stationId = await this.ids.next('station');
    const holder = await this.claims.claim(deviceId, { stationId, ownerId });
    if (holder.stationId === stationId) return { stationId, created: true };
    if (holder.ownerId !== ownerId) throw deviceTaken();
    return { stationId: holder.stationId, created: false };
  }

  /** Fresh ids for every module; the decider keeps the old id of a module the station already has. */
  private modules(input: NonNullable<RegisterStationBody['modules']>): Promise<StationModuleConfig[]> {
    return Promise.all(
      input.map(async (m) => ({
        moduleId: await this.ids.next('station_module'),
        hardwareId: m.hardwareId?.length ? m.hardwareId : null,
        name: m.name,
        position: m.position,
        internal: m.internal ?? false,
        sensors: (m.sensors ?? []).map((s, order) => ({ name: s.name, unitOfMeasure: s.unitOfMeasure ?? '', order })),
      })),
    );
  }
}
