import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { SensorAggregates } from './aggregates/sensor-aggregates.js';
import { SensorDataQueries } from './queries/sensor-data.queries.js';
import { ReadingsVersions } from './readings/readings-versions.js';
import { ReadingsWriter } from './readings/readings-writer.js';
import { SensorsController } from './sensors.controller.js';

/** Sensor meta, chart data, writing readings (ReadingsWriter) and the upkeep of the ClickHouse aggregates (SensorAggregates). */
@Module({
  imports: [StationAccessModule],
  controllers: [SensorsController],
  providers: [SensorDataQueries, SensorAggregates, ReadingsWriter, ReadingsVersions],
  exports: [SensorAggregates, ReadingsWriter, ReadingsVersions, SensorDataQueries],
})
export class SensorsModule {}
