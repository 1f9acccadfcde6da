import { importModuleHardwareId } from '@groundtruth/platform';
import { Injectable } from '@nestjs/common';
import { DomainError, LORAWAN_MODULE_KEY, MODULE_DEFINITIONS, STATION_NAME_MAX } from '@groundtruth/domain';
import { commandMetadata } from '../../common/cqrs/command-metadata.js';
import { CommandGateway } from '../../common/cqrs/command-gateway.js';
import { AddProjectStationCommand } from '../../projects/index.js';
import { RegisterStationCommand } from '../../stations/index.js';
import type { LorawanWebhookRow } from './lorawan-webhooks.queries.js';
import { ReadModels } from '../../read-models/read-models.js';

const elsewhere = () =>
  new DomainError(
    'conflict',
    'LORAWAN.DEVICE_ELSEWHERE',
    'This device is registered as a station that is not in this project. Add the station to the project, or remove the device from the application.',
  );

/** The flood module a webhook device carries: the catalogue's wh.floodnet (manufacturer 0), all its sensors. */
const floodModule = () => {
  const definition = MODULE_DEFINITIONS.filter((m) => m.key === LORAWAN_MODULE_KEY).at(-1)!;
  return {
    hardwareId: importModuleHardwareId(LORAWAN_MODULE_KEY),
    name: LORAWAN_MODULE_KEY,
    position: 0,
    internal: false,
    sensors: definition.sensors.map((s) => ({ name: s.key, unitOfMeasure: s.unitOfMeasure })),
  };
};

/**
 * The station of a LoRaWAN device, by its DevEUI: one of the project's stations, or, for a device
 * seen for the first time, a new station registered for the webhook's owner (named by the
 * device id, with a wh.floodnet module) and added to the project, through the stations' and the
 * projects' own commands. A device registered as a station outside the project is refused: an
 * application's devices must not write into other people's stations.
 */
@Injectable()
export class WebhookStations {
  constructor(
    private readonly readModels: ReadModels,
    private readonly commands: CommandGateway,
  ) {}

  async stationFor(webhook: LorawanWebhookRow, devEui: string, deviceName: string | null): Promise<number> {
    const found = await this.readModels.rows<{ id: string; held: boolean }>(
      `SELECT s.id, EXISTS (SELECT 1 FROM project_stations ps WHERE ps.station_id = s.id AND ps.project_id = $2) AS held
         FROM stations s WHERE s.device_id = $1 ORDER BY s.id LIMIT 1`,
      [devEui, webhook.projectId],
    );
    const station = found[0];
    if (station) {
      if (!station.held) throw elsewhere();
      return Number(station.id);
    }
    const meta = commandMetadata(webhook.ownerId);
    let stationId: number;
    try {
      ({ stationId } = await this.commands.execute(
        new RegisterStationCommand(
          { deviceId: devEui, name: (deviceName?.trim() || devEui).slice(0, STATION_NAME_MAX), modules: [floodModule()] },
          meta,
        ),
      ));
    } catch (error) {
      // Someone else registered the device meanwhile.
      if (error instanceof DomainError && error.code === 'STATION.DEVICE_TAKEN') throw elsewhere();
      throw error;
    }
    await this.commands.execute(new AddProjectStationCommand({ projectId: webhook.projectId, stationId }, meta));
    return stationId;
  }
}
