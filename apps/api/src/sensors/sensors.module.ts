import { Module } from '@nestjs/common';
import { ReadingsVersionsModule } from '@groundtruth/platform';
import { StationAccessModule } from '../access/index.js';
import { SensorDataQueries } from './queries/sensor-data.queries.js';
import { SensorsController } from './sensors.controller.js';

/**
 * Sensor meta and chart data. Readings are written by the projector's ingestion processing; the
 * charts' kept answers are checked against ReadingsVersions (one per process, shared with it).
 */
@Module({
  imports: [StationAccessModule, ReadingsVersionsModule],
  controllers: [SensorsController],
  providers: [SensorDataQueries],
  exports: [ReadingsVersionsModule, SensorDataQueries],
})
export class SensorsModule {}
