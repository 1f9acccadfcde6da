/**
 * Who may read or manage a station, for every feature that checks it: the policy's station resource
 * from the read models, its SQL filters for lists, and the guard that asks before a body is read.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { AuthorizeStationFirst } from './authorize-station-first.guard.js';
export {
  askerKey,
  readableStationParams,
  readableStationSql,
  seenLocation,
  stationAccessColumnsSql,
  StationAccessQueries,
  type StationAccessRow,
  type StationLocationRow,
  toStationResource,
} from './station-access.js';
export { StationAccessModule } from './station-access.module.js';
