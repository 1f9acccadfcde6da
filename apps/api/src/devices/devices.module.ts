import { Module } from '@nestjs/common';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { StationDataQueries } from '../stations/queries/station-data.queries.js';
import { DeviceDataController } from './device-data.controller.js';
import { DeviceDataQueries } from './device-data.queries.js';

/** Device data calls (spec §7: summary and paged readings by device id) and upload files. */
@Module({
  controllers: [DeviceDataController],
  providers: [DeviceDataQueries, StationAccessQueries, StationDataQueries],
})
export class DevicesModule {}
