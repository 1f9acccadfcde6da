export {
  CLICKHOUSE_SESSION_SETTINGS,
  DEFAULT_CLICKHOUSE_DATABASE,
  openClickHouse,
  quoteIdentifier,
  type ClickHouse,
  type ClickHouseMode,
  type StreamedPart,
  type OpenClickHouseOptions,
} from './clickhouse.client.js';
export {
  CLICKHOUSE_MIGRATIONS_DIR,
  loadClickHouseMigrations,
  migrateClickHouse,
  splitSqlStatements,
  type ClickHouseMigration,
  type MigrateClickHouseOptions,
  type MigrateClickHouseResult,
} from './clickhouse.migrator.js';
export { EngineTurns, type EngineCallKind } from './engine-turns.js';
export {
  buildAggregates,
  holdsAggregates,
  levelBuildSql,
  readingDays,
  rebuildStoredAggregates,
  type AggregatesEngine,
  type BuildAggregatesOptions,
} from './reading-aggregates.js';
export { SensorAggregates } from './sensor-aggregates.js';
