import { z } from 'zod';
import { IdParam } from '../common/params.contract.js';
import { ProjectionStatus } from '../status/status.contract.js';
import { ProjectionRebuild } from './projection-ops.contract.js';
import { StationUpload } from '../stations/stations.contract.js';
import { NewPassword } from '../users/users.contract.js';
import { IdList, listQuery, SearchText } from './list-query.contract.js';

/** Spec §9: the admin stations table shows 50 a page; the users table as many. */
export const ADMIN_STATIONS_PAGE_SIZE = 50;
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_UPLOADS_PAGE_SIZE = 25;

/**
 * What the console may show the asker, from the server's permission policy: the admin and
 * moderation actions it allows them. Empty for anyone else, whom the console sends away.
 */
export const ConsolePermissions = z
  .object({
    admin: z.boolean().meta({ description: 'Every site-admin tool (users, stations, uploads, projections, backup)' }),
    moderator: z.boolean().meta({ description: 'Reported posts' }),
    actions: z.array(z.string()).meta({ description: 'The console actions the policy allows the asker' }),
  })
  .meta({ id: 'ConsolePermissions' });
export type ConsolePermissions = z.infer<typeof ConsolePermissions>;

export const AdminUsersQuery = listQuery({
  sortable: ['id', 'name', 'email', 'createdAt'],
  filter: z.object({ q: SearchText.optional(), id: IdList.optional(), role: z.enum(['admin', 'moderator']).optional() }),
  pageSize: ADMIN_USERS_PAGE_SIZE,
});

export const AdminUserRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    admin: z.boolean(),
    moderator: z.boolean(),
    tncDate: z.string().nullable(),
    createdAt: z.string(),
    stations: z.number().int().meta({ description: 'Stations the user owns' }),
  })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserList = z.array(AdminUserRow).meta({ id: 'AdminUserList' });

export const AdminUser = AdminUserRow.extend({
  ownedStations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(['administrator', 'member']) })),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const SetRolesBody = z
  .object({ admin: z.boolean().optional(), moderator: z.boolean().optional() })
  .refine((b) => b.admin !== undefined || b.moderator !== undefined, { error: 'Name admin, moderator or both.' })
  .meta({ id: 'SetRoles' });
export type SetRolesBody = z.infer<typeof SetRolesBody>;

export const AdminStationsQuery = listQuery({
  sortable: ['id', 'name', 'createdAt', 'updatedAt', 'lastIngestionAt'],
  defaultSort: ['id', 'DESC'],
  filter: z.object({ q: SearchText.optional(), id: IdList.optional(), ownerId: IdParam.optional() }),
  pageSize: ADMIN_STATIONS_PAGE_SIZE,
});

/** Spec §2 Admin stations: id, name, device id, owner, recording start, last ingestion, created, updated, firmware, location. */
export const AdminStationRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deviceId: z.string(),
    owner: z.object({ id: z.number().int(), name: z.string() }),
    recordingStartedAt: z.string().nullable(),
    lastIngestionAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    firmware: z.string().nullable(),
    location: z
      .object({ name: z.string().nullable(), latitude: z.number().nullable(), longitude: z.number().nullable() })
      .meta({ description: 'Where it is deployed (exact: site admins see every location)' }),
    uploads: z.number().int(),
  })
  .meta({ id: 'AdminStationRow' });
export type AdminStationRow = z.infer<typeof AdminStationRow>;
export const AdminStationList = z.array(AdminStationRow).meta({ id: 'AdminStationList' });

export const AdminStation = AdminStationRow.extend({
  data: z
    .object({ start: z.string().nullable(), end: z.string().nullable(), samples: z.number().int() })
    .meta({ description: 'Its readings: first and last time, and how many (spec: data range and sample count)' }),
  processing: z.object({
    pending: z.number().int().meta({ description: 'Uploads not processed yet (received, processing, waiting)' }),
    failed: z.number().int(),
  }),
}).meta({ id: 'AdminStation' });
export type AdminStation = z.infer<typeof AdminStation>;

export const TransferParams = z.object({ id: IdParam, newOwner: IdParam });

export const AdminUploadsQuery = listQuery({
  sortable: ['id'],
  defaultSort: ['id', 'DESC'],
  filter: z.object({
    id: IdList.optional(),
    stationId: IdParam.optional(),
    state: z.enum(['received', 'processing', 'waiting', 'processed', 'failed']).optional(),
  }),
  pageSize: ADMIN_UPLOADS_PAGE_SIZE,
});
export const AdminUploadRow = StationUpload.extend({
  stationId: z.number().int(),
  version: z.number().int().meta({ description: 'Processings recorded' }),
  records: z.number().int().nullable(),
  readings: z.number().int().nullable(),
  error: z.string().nullable().meta({ description: "The process manager's last error while it retries" }),
}).meta({ id: 'AdminUploadRow' });
export type AdminUploadRow = z.infer<typeof AdminUploadRow>;
export const AdminUploadList = z.array(AdminUploadRow).meta({ id: 'AdminUploadList' });

/** One bulk command over many things: each id's outcome, so one failure does not hide the rest. */
export const BulkIds = z.object({ ids: IdList.min(1, { error: 'Pick at least one.' }) });
export const BulkItemResult = z
  .object({
    id: z.number().int(),
    ok: z.boolean(),
    code: z.string().nullable().meta({ description: "The error's code when not ok" }),
    message: z.string().nullable(),
  })
  .meta({ id: 'BulkItemResult' });
export type BulkItemResult = z.infer<typeof BulkItemResult>;
export const BulkResult = z.object({ results: z.array(BulkItemResult) }).meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResult>;

/** Delete many accounts at once: confirmed with the admin's own password, as one. */
export const BulkDeleteUsersBody = BulkIds.extend({ password: NewPassword }).meta({ id: 'BulkDeleteUsers' });
export type BulkDeleteUsersBody = z.infer<typeof BulkDeleteUsersBody>;

/** Hand every station of a user to another. */
export const TransferStationsBody = z.object({ toUserId: IdParam }).meta({ id: 'TransferStations' });
export type TransferStationsBody = z.infer<typeof TransferStationsBody>;

export const AdminProjectionsQuery = listQuery({
  sortable: ['id'],
  filter: z.object({ id: z.array(z.string().max(100)).max(50).optional() }),
  pageSize: 50,
});
export const AdminProjectionRow = ProjectionStatus.extend({
  id: z.string(),
  rebuild: ProjectionRebuild.nullable(),
  openFailures: z.number().int(),
}).meta({ id: 'AdminProjectionRow' });
export type AdminProjectionRow = z.infer<typeof AdminProjectionRow>;
export const AdminProjectionList = z.array(AdminProjectionRow).meta({ id: 'AdminProjectionList' });
