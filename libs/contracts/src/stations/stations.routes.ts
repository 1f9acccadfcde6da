import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { versionErrors } from '../common/version.contract.js';
import { ProjectList } from '../projects/projects.contract.js';
import { COLUMNS_MEDIA_TYPE } from '../sensors/sensor-columns.contract.js';
import { MapStationsColumns } from './map-stations-columns.contract.js';
import {
  AssociatedStations,
  LabelModuleBody,
  MapStations,
  MapStationsQuery,
  MyStationList,
  MyStationsQuery,
  MetaStationsQuery,
  RegisterStationBody,
  Station,
  StationLinkParams,
  StationList,
  StationModuleParams,
  StationSensorMetaList,
  UpdateStationBody,
} from './stations.contract.js';

const badId = 'The id is not a number';
const privateStation = "The station is private (STATION.PRIVATE: You don't have access to view this station.)";

/** Stations, their modules and associations (spec §7 Stations; notes and media are in notes.routes.ts). */
export const stationRoutes = {
  registerStation: route({
    method: 'post',
    path: '/stations',
    summary:
      "Register a station by its device id. The device's owner registering it again gets the same station back, refreshed. A user's first station, when they belong to no project, goes into a new private project (first stations registered at the same time share one).",
    tags: ['stations'],
    auth: 'required',
    body: RegisterStationBody,
    response: Station,
    errors: { 400: 'A field is not valid, or the device is registered to another account' },
  }),
  getStation: route({
    method: 'get',
    path: '/stations/{id}',
    summary: 'One station',
    tags: ['stations'],
    auth: 'optional',
    params: IdParams,
    response: Station,
    versionEtag: true,
    errors: { 400: badId, 403: privateStation, 404: 'No such station' },
  }),
  updateStation: route({
    method: 'patch',
    path: '/stations/{id}',
    summary:
      'Change name, description, location name or hidden; deploy (location and deployedAt together); set attributes (Neighborhood, Borough, Deployment Date, Deployed By)',
    tags: ['stations'],
    auth: 'required',
    params: IdParams,
    body: UpdateStationBody,
    response: Station,
    versioned: true,
    errors: {
      ...versionErrors,
      400: 'A field is not valid',
      403: 'The station is read-only for the asker (or private)',
      404: 'No such station',
      409: "Someone else saved a newer version meanwhile (`current` holds it), or new attribute values for a station whose owner deleted their account (STATION.OWNER_DELETED: the attributes are sealed with the owner's erased key)",
    },
  }),
  labelStationModule: route({
    method: 'patch',
    path: '/stations/{stationId}/modules/{moduleId}',
    summary: "Label a module (at most 25 characters; empty goes back to the module's name)",
    tags: ['stations'],
    auth: 'required',
    params: StationModuleParams,
    body: LabelModuleBody,
    response: Station,
    versioned: true,
    errors: {
      400: 'The label is too long',
      403: 'The station is read-only for the asker (or private)',
      404: 'No such station or module',
      ...versionErrors,
    },
  }),
  associatedStations: route({
    method: 'get',
    path: '/stations/{id}/associated',
    summary: 'Stations within 1,609.344 m of this one, and those it links to by hand; only stations the asker may read',
    tags: ['stations'],
    auth: 'optional',
    params: IdParams,
    response: AssociatedStations,
    errors: { 400: badId, 403: privateStation, 404: 'No such station' },
  }),
  linkStation: route({
    method: 'post',
    path: '/stations/{id}/associated/{otherId}',
    summary: 'Link another station to this one by hand (the owner; the other station must be readable)',
    tags: ['stations'],
    auth: 'required',
    params: StationLinkParams,
    status: 204,
    errors: {
      400: 'A station cannot be linked to itself',
      403: 'Not the owner, or the other station is private',
      404: 'No such station',
      409: 'Changed by someone else at the same time',
    },
  }),
  unlinkStation: route({
    method: 'delete',
    path: '/stations/{id}/associated/{otherId}',
    summary: 'Remove a manual link',
    tags: ['stations'],
    auth: 'required',
    params: StationLinkParams,
    status: 204,
    errors: { 403: 'Not the owner', 404: 'No such station or link', 409: 'Changed by someone else at the same time' },
  }),
  myStations: route({
    method: 'get',
    path: '/user/stations',
    summary:
      "The asker's own stations, hidden ones included, by name: all of them, or the first `limit` (`total` counts them all)",
    tags: ['stations'],
    auth: 'required',
    query: MyStationsQuery,
    response: MyStationList,
  }),
  projectStations: route({
    method: 'get',
    path: '/projects/{id}/stations',
    summary: "A project's stations (hidden ones only for their owners)",
    tags: ['stations', 'projects'],
    auth: 'optional',
    params: IdParams,
    response: StationList,
    errors: { 400: badId, 403: 'The project is private', 404: 'No such project' },
  }),
  stationProjects: route({
    method: 'get',
    path: '/projects/station/{id}',
    summary: 'The projects a station belongs to, those the asker may read',
    tags: ['stations', 'projects'],
    auth: 'optional',
    params: IdParams,
    response: ProjectList,
    errors: { 400: badId, 403: privateStation, 404: 'No such station' },
  }),
  mapStations: route({
    method: 'get',
    path: '/stations/map',
    summary:
      "Every station the asker may see, for a map, in one compact answer: where the asker may see it (exact or general), status, and its primary sensor's latest reading with its highest reading in the recent window. Hidden stations only for their owners. `bbox` keeps those inside a viewport, `project` those of one project. `format=columns` or `Accept: application/vnd.groundtruth.columns+json` answers the compact MapStationsColumns (one array per field). Answers are kept per asker until the read models or any readings change (or the minute, or a station's status, turns).",
    tags: ['stations'],
    auth: 'optional',
    query: MapStationsQuery,
    response: MapStations,
    alternatives: { [COLUMNS_MEDIA_TYPE]: MapStationsColumns },
    errors: { 400: 'bbox, project or recentHours is not valid', 403: 'The project is private', 404: 'No such project' },
  }),
  stationsSensorMeta: route({
    method: 'get',
    path: '/meta/stations',
    summary:
      'Sensor rows of the given stations (comma-separated ids): station name and location, module and sensor keys, last read time. Stations the asker may not read, or that do not exist, are left out.',
    tags: ['stations'],
    auth: 'optional',
    query: MetaStationsQuery,
    response: StationSensorMetaList,
    errors: { 400: 'No station ids, or one is not a number' },
  }),
} as const;
