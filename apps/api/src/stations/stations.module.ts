import { Module } from '@nestjs/common';
import { ProjectsQueries } from '../projects/queries/projects.queries.js';
import { SensorsModule } from '../sensors/sensors.module.js';
import { LabelModuleHandler } from './commands/label-module/label-module.handler.js';
import { LinkStationHandler } from './commands/link-station/link-station.handler.js';
import { DefaultProject } from './commands/register-station/default-project.js';
import { DeviceClaims } from './commands/register-station/device-claims.js';
import { RegisterStationHandler } from './commands/register-station/register-station.handler.js';
import { UnlinkStationHandler } from './commands/unlink-station/unlink-station.handler.js';
import { UpdateStationHandler } from './commands/update-station/update-station.handler.js';
import { MapStationsQueries } from './queries/map-stations.queries.js';
import { StationAccessQueries } from './queries/station-access.js';
import { StationDataQueries } from './queries/station-data.queries.js';
import { StationsQueries } from './queries/stations.queries.js';
import { DuplicateDevicesCheck } from './duplicate-devices.check.js';
import { StationsController } from './stations.controller.js';

const commandHandlers = [
  RegisterStationHandler,
  UpdateStationHandler,
  LabelModuleHandler,
  LinkStationHandler,
  UnlinkStationHandler,
];
const queries = [MapStationsQueries, StationAccessQueries, StationsQueries, StationDataQueries, ProjectsQueries];

@Module({
  // ReadingsVersions, which the maps' kept answers are checked against.
  imports: [SensorsModule],
  controllers: [StationsController],
  providers: [...commandHandlers, ...queries, DeviceClaims, DefaultProject, DuplicateDevicesCheck],
})
export class StationsModule {}
