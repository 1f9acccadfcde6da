import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/index.js';
import { SensorsModule } from '../sensors/index.js';
import { ConfigureModulesHandler } from './commands/configure-modules/configure-modules.handler.js';
import { DefaultProject } from './commands/register-station/default-project.js';
import { DeviceClaims } from './commands/register-station/device-claims.js';
import { RegisterStationHandler } from './commands/register-station/register-station.handler.js';
import { UpdateStationHandler } from './commands/update-station/update-station.handler.js';
import { MapStationsQueries } from './queries/map-stations.queries.js';
import { StationDataQueries } from './queries/station-data.queries.js';
import { StationsQueries } from './queries/stations.queries.js';
import { DuplicateDevicesCheck } from './duplicate-devices.check.js';
import { StationAccessModule } from '../access/index.js';
import { StationsController } from './stations.controller.js';
import { AdminStationsController } from './admin-stations.controller.js';
import { TransferStationHandler } from './commands/transfer-station/transfer-station.handler.js';
import { DeleteStationHandler } from './commands/delete-station/delete-station.handler.js';

const commandHandlers = [
  RegisterStationHandler,
  UpdateStationHandler,
  // No longer sent by uploads (the projector appends module changes with the decider itself); kept for
  // operators' and tests' use of the command path.
  ConfigureModulesHandler,
  TransferStationHandler,
  DeleteStationHandler,
];
const queries = [MapStationsQueries, StationsQueries, StationDataQueries];

@Module({
  // SensorsModule: ReadingsVersions, which the maps' kept answers are checked against.
  imports: [ProjectsModule, StationAccessModule, SensorsModule],
  controllers: [StationsController, AdminStationsController],
  providers: [...commandHandlers, ...queries, DeviceClaims, DefaultProject, DuplicateDevicesCheck],
  exports: [StationDataQueries],
})
export class StationsModule {}
