/**
 * Sensor readings and their aggregates in ClickHouse. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { readLatest, readWindowSummaries } from './queries/sensor-buckets.js';
export { SensorDataQueries } from './queries/sensor-data.queries.js';
export { SensorsModule } from './sensors.module.js';
