import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import {
  AdminProjectionList,
  AdminProjectionsQuery,
  AdminStation,
  AdminStationList,
  AdminStationsQuery,
  AdminUploadList,
  AdminUploadsQuery,
  AdminUser,
  AdminUserList,
  AdminUsersQuery,
  BulkDeleteUsersBody,
  BulkIds,
  BulkResult,
  ConsolePermissions,
  SetRolesBody,
  TransferParams,
  TransferStationsBody,
} from './admin-console.contract.js';

const listErrors = {
  400: 'A sort, range or filter that is not JSON, names an unknown field, or covers too many rows',
  401: 'Not signed in',
  403: 'Not an admin',
} as const;
const listSummary = (what: string) =>
  `${what}, in react-admin's simple REST convention: query sort=["field","ASC|DESC"], range=[first,last] and filter={...} as JSON; the total is in the Content-Range answer header (\`<resource> first-last/total\`).`;
const adminOnly = { 401: 'Not signed in', 403: 'Not an admin' } as const;

/**
 * The operators' console (spec §2 Admin, §7 Admin): list endpoints in the convention of its data
 * provider (ra-data-simple-rest) beside the spec's own calls, and the commands it sends.
 */
export const adminConsoleRoutes = {
  consolePermissions: route({
    method: 'get',
    path: '/admin/permissions',
    summary:
      'What the console may show the asker, from the permission policy: site admins everything, moderators moderation, anyone else nothing',
    tags: ['admin'],
    auth: 'required',
    response: ConsolePermissions,
    errors: { 401: 'Not signed in' },
  }),
  adminListUsers: route({
    method: 'get',
    path: '/admin/users',
    summary: listSummary('Accounts (filter q: name or e-mail contains; id: [ids]; role: admin|moderator)'),
    tags: ['admin'],
    auth: 'required',
    query: AdminUsersQuery,
    response: AdminUserList,
    errors: listErrors,
  }),
  adminGetUser: route({
    method: 'get',
    path: '/admin/users/{id}',
    summary: 'One account with the stations it owns and its projects and roles',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: AdminUser,
    errors: { 400: 'The id is not a number', ...adminOnly, 404: 'No such user' },
  }),
  adminSetRoles: route({
    method: 'patch',
    path: '/admin/users/{id}/roles',
    summary: "Grant or withdraw a user's site roles (admin, moderator); recorded on the user's stream with the admin as actor",
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    body: SetRolesBody,
    status: 204,
    errors: { 400: 'Neither role named, or not booleans', ...adminOnly, 404: 'No such user' },
  }),
  adminDeleteUsers: route({
    method: 'post',
    path: '/admin/users/delete',
    summary:
      "Delete many accounts as one command, confirmed with the admin's own password: each id's outcome (the admin's own account is refused)",
    tags: ['admin'],
    auth: 'required',
    body: BulkDeleteUsersBody,
    response: BulkResult,
    errors: { 400: 'Wrong password, or no ids', ...adminOnly },
  }),
  adminTransferUserStations: route({
    method: 'post',
    path: '/admin/users/{id}/stations/transfer',
    summary: "Hand every station of a user to another user: each station's outcome",
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    body: TransferStationsBody,
    response: BulkResult,
    errors: { 400: 'Bad ids', ...adminOnly, 404: 'No such user (either one)' },
  }),
  adminListStations: route({
    method: 'get',
    path: '/admin/stations',
    summary: listSummary(
      "Every station, 50 a page (spec §9); also takes the spec's page (from 0) and pageSize (filter q: name, device id or owner contains; id: [ids]; ownerId)",
    ),
    tags: ['admin'],
    auth: 'required',
    query: AdminStationsQuery,
    response: AdminStationList,
    errors: listErrors,
  }),
  adminGetStation: route({
    method: 'get',
    path: '/admin/stations/{id}',
    summary:
      'One station as the console shows it: its row, its data range and sample count, and its uploads still owed processing',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: AdminStation,
    errors: { 400: 'The id is not a number', ...adminOnly, 404: 'No such station' },
  }),
  transferStation: route({
    method: 'post',
    path: '/stations/{id}/transfer/{newOwner}',
    summary: 'Give a station to another user (site admins): recorded as StationTransferred with the admin as actor',
    tags: ['admin'],
    auth: 'required',
    params: TransferParams,
    status: 204,
    errors: { 400: 'An id is not a number', ...adminOnly, 404: 'No such station or user' },
  }),
  adminListUploads: route({
    method: 'get',
    path: '/admin/uploads',
    summary: listSummary('Uploads with their processing state and errors (filter stationId, state, id: [ids])'),
    tags: ['admin'],
    auth: 'required',
    query: AdminUploadsQuery,
    response: AdminUploadList,
    errors: listErrors,
  }),
  adminProcessUploads: route({
    method: 'post',
    path: '/admin/uploads/process',
    summary:
      "Process many uploads again as one command (each upload's readings replaced, never doubled): each id's outcome. Poll GET /admin/uploads to watch them finish.",
    tags: ['admin'],
    auth: 'required',
    body: BulkIds,
    response: BulkResult,
    errors: { 400: 'No ids, or too many', ...adminOnly },
  }),
  adminListProjections: route({
    method: 'get',
    path: '/admin/projections',
    summary: listSummary('The read models the projector builds: position, lag, state and the error that stopped one'),
    tags: ['admin'],
    auth: 'required',
    query: AdminProjectionsQuery,
    response: AdminProjectionList,
    errors: listErrors,
  }),
} as const;
