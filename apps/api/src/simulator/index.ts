/**
 * The station simulator. What other features may use (the demo seeder uploads through it).
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export type { StationKind } from './station-files.js';
export { uploadSimulatedStation } from './upload-station.js';
