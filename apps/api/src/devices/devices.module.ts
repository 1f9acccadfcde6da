import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { StationsModule } from '../stations/index.js';
import { DeviceDataController } from './device-data.controller.js';
import { DeviceDataQueries } from './device-data.queries.js';

/** Device data calls (spec §7: summary and paged readings by device id) and upload files. */
@Module({
  imports: [StationsModule, StationAccessModule],
  controllers: [DeviceDataController],
  providers: [DeviceDataQueries],
})
export class DevicesModule {}
