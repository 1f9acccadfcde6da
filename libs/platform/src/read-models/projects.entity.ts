import type { ProjectBounds, ProjectRole } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's projects projection, with the tables below. */
export const projectsTable = readModelTable(
  'projects',
  {
    id: col.bigint().primary(),
    /** The details' version: revision of the last event that changed the details or the photo. */
    revision: col.bigint(),
    /** The team's version: revision of the last event that changed members, roles or invitations. */
    team_revision: col.bigint(),
    name: col.text(),
    description: col.text(),
    goal: col.text(),
    location: col.text(),
    slug: col.text(),
    tags: col.jsonb<string[]>(),
    privacy: col.int(),
    show_stations: col.boolean(),
    show_exact_location: col.boolean(),
    bounds: col.jsonb<ProjectBounds>().nullable(),
    start_time: col.timestamptz().nullable(),
    end_time: col.timestamptz().nullable(),
    photo: col.text().nullable(),
    created_by: col.bigint().nullable(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'public_name', on: 'name', where: 'privacy > 0' }] },
);
export type ProjectRow = RowOf<typeof projectsTable.columns>;

const role = () => col.oneOf<ProjectRole>(['administrator', 'member']);

export const projectMembersTable = readModelTable(
  'project_members',
  {
    project_id: col.bigint().primary(),
    user_id: col.bigint().primary(),
    role: role(),
    joined_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'user', on: 'user_id' }] },
);
export type ProjectMemberRow = RowOf<typeof projectMembersTable.columns>;

/** Pending invitations only; `email` is null when its sealed address was erased. */
export const projectInvitesTable = readModelTable(
  'project_invites',
  {
    id: col.bigint().primary(),
    project_id: col.bigint(),
    email: col.text().nullable(),
    role: role(),
    token_hash: col.text(),
    invited_by: col.bigint().nullable(),
    invited_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'project', on: 'project_id' },
      { suffix: 'email', on: 'email' },
      { suffix: 'token', on: 'token_hash' },
    ],
  },
);
export type ProjectInviteRow = RowOf<typeof projectInvitesTable.columns>;

export const projectFollowsTable = readModelTable(
  'project_follows',
  {
    project_id: col.bigint().primary(),
    user_id: col.bigint().primary(),
    followed_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'user', on: 'user_id' }] },
);
export type ProjectFollowRow = RowOf<typeof projectFollowsTable.columns>;

export const projectUpdatesTable = readModelTable(
  'project_updates',
  {
    id: col.bigint().primary(),
    project_id: col.bigint(),
    author_id: col.bigint(),
    body: col.text(),
    revision: col.bigint(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'project', on: 'project_id, created_at DESC' }] },
);
export type ProjectUpdateRow = RowOf<typeof projectUpdatesTable.columns>;

export const projectStationsTable = readModelTable(
  'project_stations',
  {
    project_id: col.bigint().primary(),
    station_id: col.bigint().primary(),
    added_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'station', on: 'station_id' }] },
);
export type ProjectStationRow = RowOf<typeof projectStationsTable.columns>;
