import { Module } from '@nestjs/common';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { SensorAggregates } from './aggregates/sensor-aggregates.js';
import { SensorDataQueries } from './queries/sensor-data.queries.js';
import { SensorsController } from './sensors.controller.js';

/** Sensor meta, chart data, and the upkeep of the ClickHouse aggregates (SensorAggregates, for whoever writes readings). */
@Module({
  controllers: [SensorsController],
  providers: [SensorDataQueries, SensorAggregates, StationAccessQueries],
  exports: [SensorAggregates],
})
export class SensorsModule {}
