import {
  movesProjectDetails,
  movesProjectTeam,
  projectEventTypes,
  type ProjectEvent,
  type StationDeleted,
} from '@groundtruth/domain';
import {
  foldIntoRows,
  type Projection,
  type ProjectionContext,
  type ProjectRow,
  type RecordedEvent,
  type WrittenRow,
  projectsTable,
  projectMembersTable,
  projectInvitesTable,
  projectFollowsTable,
  projectUpdatesTable,
  projectStationsTable,
} from '@groundtruth/platform';

/**
 * Projects and everything hanging off them, one table each, all from the project streams:
 * `projects`, `project_members` (the creator is an administrator from ProjectCreated),
 * `project_invites` (pending only: an answered or withdrawn invitation's row goes away, and with
 * it the address), `project_follows`, `project_updates` and `project_stations`. A deleted
 * project's rows go away from every table; a deleted station leaves the projects it was in.
 */
type Row = WrittenRow<ProjectRow>;

type ProjectOnly = RecordedEvent & ProjectEvent;
type Event = RecordedEvent & (ProjectEvent | StationDeleted);

/** Every project event: the projection keeps the project, its team and its content. */
const handles = [...projectEventTypes, 'StationDeleted'] as const;

const columnOf = {
  name: 'name',
  description: 'description',
  goal: 'goal',
  location: 'location',
  tags: 'tags',
  privacy: 'privacy',
  showStations: 'show_stations',
  showExactLocation: 'show_exact_location',
  bounds: 'bounds',
  startTime: 'start_time',
  endTime: 'end_time',
} as const;

const evolve = (row: Row | undefined, event: ProjectEvent, revision: string): Row | undefined => {
  switch (event.type) {
    case 'ProjectCreated': {
      const d = event.data;
      return {
        id: String(d.projectId),
        revision,
        team_revision: revision,
        name: d.name,
        description: d.description,
        goal: d.goal,
        location: d.location,
        slug: d.slug,
        tags: [...d.tags],
        privacy: d.privacy,
        show_stations: d.showStations,
        show_exact_location: d.showExactLocation,
        bounds: d.bounds,
        start_time: d.startTime,
        end_time: d.endTime,
        photo: null,
        created_by: d.createdBy === null ? null : String(d.createdBy),
        created_at: d.createdAt,
        updated_at: d.createdAt,
      };
    }
    case 'ProjectUpdated': {
      if (!row) return row;
      const next: Record<string, unknown> = { ...row, revision, updated_at: event.data.updatedAt };
      for (const [field, value] of Object.entries(event.data.changes)) {
        const column = columnOf[field as keyof typeof columnOf];
        if (column) next[column] = value;
      }
      return next as Row;
    }
    case 'ProjectPhotoChanged':
      return row && { ...row, revision, photo: event.data.photo, updated_at: event.data.changedAt };
    default:
      // The team's version moves alone: the details' (and the skip check of replays) stays.
      if (!row || !movesProjectTeam(event) || BigInt(row.team_revision) >= BigInt(revision)) return undefined;
      return { ...row, team_revision: revision };
  }
};

const rowTypes = new Set<string>(
  projectEventTypes.filter((type) => movesProjectDetails({ type, data: null }) || movesProjectTeam({ type, data: null })),
);

/** The tables other than `projects`, one statement per event, in log order. */
const applyToTeamAndContent = async (event: Event, { client, table }: ProjectionContext): Promise<void> => {
  const q = (sql: string, params: unknown[]) => client.query(sql, params);
  switch (event.type) {
    case 'ProjectCreated': {
      const d = event.data;
      if (d.createdBy === null) return;
      await q(
        `INSERT INTO ${table(projectMembersTable.name)} (project_id, user_id, role, joined_at) VALUES ($1, $2, 'administrator', $3)
         ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role, joined_at = EXCLUDED.joined_at`,
        [d.projectId, d.createdBy, d.createdAt],
      );
      return;
    }
    case 'StationDeleted':
      await q(`DELETE FROM ${table(projectStationsTable.name)} WHERE station_id = $1`, [event.data.stationId]);
      return;
    case 'ProjectDeleted': {
      for (const name of ['project_members', 'project_invites', 'project_follows', 'project_updates', 'project_stations']) {
        await q(`DELETE FROM ${table(name)} WHERE project_id = $1`, [event.data.projectId]);
      }
      return;
    }
    case 'ProjectFollowed':
      await q(
        `INSERT INTO ${table(projectFollowsTable.name)} (project_id, user_id, followed_at) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, user_id) DO UPDATE SET followed_at = EXCLUDED.followed_at`,
        [event.data.projectId, event.data.userId, event.data.followedAt],
      );
      return;
    case 'ProjectUnfollowed':
      await q(`DELETE FROM ${table(projectFollowsTable.name)} WHERE project_id = $1 AND user_id = $2`, [
        event.data.projectId,
        event.data.userId,
      ]);
      return;
    case 'ProjectUpdatePosted': {
      const d = event.data;
      await q(
        `INSERT INTO ${table(projectUpdatesTable.name)} (id, project_id, author_id, body, revision, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
        [d.updateId, d.projectId, d.authorId, d.body, event.revision.toString(), d.postedAt],
      );
      return;
    }
    case 'ProjectUpdateEdited':
      await q(`UPDATE ${table(projectUpdatesTable.name)} SET body = $2, updated_at = $3, revision = $4 WHERE id = $1`, [
        event.data.updateId,
        event.data.body,
        event.data.editedAt,
        event.revision.toString(),
      ]);
      return;
    case 'ProjectUpdateDeleted':
      await q(`DELETE FROM ${table(projectUpdatesTable.name)} WHERE id = $1`, [event.data.updateId]);
      return;
    case 'ProjectStationAdded':
      await q(
        `INSERT INTO ${table(projectStationsTable.name)} (project_id, station_id, added_at) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, station_id) DO NOTHING`,
        [event.data.projectId, event.data.stationId, event.data.addedAt],
      );
      return;
    case 'ProjectStationRemoved':
      await q(`DELETE FROM ${table(projectStationsTable.name)} WHERE project_id = $1 AND station_id = $2`, [
        event.data.projectId,
        event.data.stationId,
      ]);
      return;
    case 'ProjectMemberInvited': {
      const d = event.data;
      await q(
        `INSERT INTO ${table(projectInvitesTable.name)} (id, project_id, email, role, token_hash, invited_by, invited_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [d.inviteId, d.projectId, d.pii?.email ?? null, d.role, d.tokenHash, d.invitedBy, d.invitedAt],
      );
      return;
    }
    case 'ProjectInviteAccepted': {
      const d = event.data;
      await q(`DELETE FROM ${table(projectInvitesTable.name)} WHERE id = $1`, [d.inviteId]);
      await q(
        `INSERT INTO ${table(projectMembersTable.name)} (project_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [d.projectId, d.userId, d.role, d.acceptedAt],
      );
      return;
    }
    case 'ProjectInviteDeclined':
    case 'ProjectInviteCancelled':
      await q(`DELETE FROM ${table(projectInvitesTable.name)} WHERE id = $1`, [event.data.inviteId]);
      return;
    case 'ProjectMemberRoleChanged':
      await q(`UPDATE ${table(projectMembersTable.name)} SET role = $3 WHERE project_id = $1 AND user_id = $2`, [
        event.data.projectId,
        event.data.userId,
        event.data.role,
      ]);
      return;
    case 'ProjectMemberRemoved':
      await q(`DELETE FROM ${table(projectMembersTable.name)} WHERE project_id = $1 AND user_id = $2`, [
        event.data.projectId,
        event.data.userId,
      ]);
      return;
    default:
      return;
  }
};

export const projectsProjection: Projection = {
  name: 'projects',
  handles,
  tables: [
    projectsTable,
    projectMembersTable,
    projectInvitesTable,
    projectFollowsTable,
    projectUpdatesTable,
    projectStationsTable,
  ],
  async apply(events: readonly RecordedEvent[], ctx) {
    const all = events as readonly Event[];
    await foldIntoRows<Row, ProjectOnly>(ctx.client, {
      table: ctx.table(projectsTable.name),
      key: 'id',
      events: all.filter((e): e is ProjectOnly => rowTypes.has(e.type)),
      keyOf: (e) => String(e.data.projectId),
      evolve,
    });
    for (const event of all) await applyToTeamAndContent(event, ctx);
    const deleted = all.filter((e) => e.type === 'ProjectDeleted').map((e) => e.data.projectId);
    if (deleted.length > 0) await ctx.client.query(`DELETE FROM ${ctx.table(projectsTable.name)} WHERE id = ANY($1)`, [deleted]);
  },
};
