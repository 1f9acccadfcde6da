/**
 * Stations: registration, modules, details and uploads listed. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { RegisterStationCommand } from './commands/register-station/register-station.command.js';
export { UpdateStationCommand } from './commands/update-station/update-station.command.js';
export { StationDataQueries, toUpload, UPLOAD_COLUMNS, type UploadRow } from './queries/station-data.queries.js';
export { StationsModule } from './stations.module.js';
