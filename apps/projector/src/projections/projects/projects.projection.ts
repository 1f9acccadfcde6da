import { movesProjectDetails, movesProjectTeam, projectEventTypes, type ProjectEvent } from '@groundtruth/domain';
import {
  foldIntoRows,
  type Projection,
  type ProjectionContext,
  type ProjectRow,
  type RecordedEvent,
  type WrittenRow,
} from '@groundtruth/platform';

/**
 * Projects and everything hanging off them, one table each, all from the project streams:
 * `projects`, `project_members` (the creator is an administrator from ProjectCreated),
 * `project_invites` (pending only: an answered or withdrawn invitation's row goes away, and with
 * it the address), `project_follows`, `project_updates` and `project_stations`. A deleted
 * project's rows go away from every table.
 */
type Row = WrittenRow<ProjectRow>;

type Event = RecordedEvent & ProjectEvent;

/** Every project event: the projection keeps the project, its team and its content. */
const handles = projectEventTypes;

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
        show_exact_location: d.showExactLocation ?? true,
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
        `INSERT INTO ${table('project_members')} (project_id, user_id, role, joined_at) VALUES ($1, $2, 'administrator', $3)
         ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role, joined_at = EXCLUDED.joined_at`,
        [d.projectId, d.createdBy, d.createdAt],
      );
      return;
    }
    case 'ProjectDeleted': {
      for (const name of ['project_members', 'project_invites', 'project_follows', 'project_updates', 'project_stations']) {
        await q(`DELETE FROM ${table(name)} WHERE project_id = $1`, [event.data.projectId]);
      }
      return;
    }
    case 'ProjectFollowed':
      await q(
        `INSERT INTO ${table('project_follows')} (project_id, user_id, followed_at) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, user_id) DO UPDATE SET followed_at = EXCLUDED.followed_at`,
        [event.data.projectId, event.data.userId, event.data.followedAt],
      );
      return;
    case 'ProjectUnfollowed':
      await q(`DELETE FROM ${table('project_follows')} WHERE project_id = $1 AND user_id = $2`, [
        event.data.projectId,
        event.data.userId,
      ]);
      return;
    case 'ProjectUpdatePosted': {
      const d = event.data;
      await q(
        `INSERT INTO ${table('project_updates')} (id, project_id, author_id, body, revision, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
        [d.updateId, d.projectId, d.authorId, d.body, event.revision.toString(), d.postedAt],
      );
      return;
    }
    case 'ProjectUpdateEdited':
      await q(`UPDATE ${table('project_updates')} SET body = $2, updated_at = $3, revision = $4 WHERE id = $1`, [
        event.data.updateId,
        event.data.body,
        event.data.editedAt,
        event.revision.toString(),
      ]);
      return;
    case 'ProjectUpdateDeleted':
      await q(`DELETE FROM ${table('project_updates')} WHERE id = $1`, [event.data.updateId]);
      return;
    case 'ProjectStationAdded':
      await q(
        `INSERT INTO ${table('project_stations')} (project_id, station_id, added_at) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, station_id) DO NOTHING`,
        [event.data.projectId, event.data.stationId, event.data.addedAt],
      );
      return;
    case 'ProjectStationRemoved':
      await q(`DELETE FROM ${table('project_stations')} WHERE project_id = $1 AND station_id = $2`, [
        event.data.projectId,
        event.data.stationId,
      ]);
      return;
    case 'ProjectMemberInvited': {
      const d = event.data;
      await q(
        `INSERT INTO ${table('project_invites')} (id, project_id, email, role, token_hash, invited_by, invited_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [d.inviteId, d.projectId, d.pii?.email ?? null, d.role, d.tokenHash, d.invitedBy, d.invitedAt],
      );
      return;
    }
    case 'ProjectInviteAccepted': {
      const d = event.data;
      await q(`DELETE FROM ${table('project_invites')} WHERE id = $1`, [d.inviteId]);
      await q(
        `INSERT INTO ${table('project_members')} (project_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [d.projectId, d.userId, d.role, d.acceptedAt],
      );
      return;
    }
    case 'ProjectInviteDeclined':
    case 'ProjectInviteCancelled':
      await q(`DELETE FROM ${table('project_invites')} WHERE id = $1`, [event.data.inviteId]);
      return;
    case 'ProjectMemberRoleChanged':
      await q(`UPDATE ${table('project_members')} SET role = $3 WHERE project_id = $1 AND user_id = $2`, [
        event.data.projectId,
        event.data.userId,
        event.data.role,
      ]);
      return;
    case 'ProjectMemberRemoved':
      await q(`DELETE FROM ${table('project_members')} WHERE project_id = $1 AND user_id = $2`, [
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
    {
      name: 'projects',
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          revision bigint NOT NULL,
          team_revision bigint NOT NULL,
          name text NOT NULL,
          description text NOT NULL,
          goal text NOT NULL,
          location text NOT NULL,
          slug text NOT NULL,
          tags jsonb NOT NULL,
          privacy int NOT NULL,
          show_stations boolean NOT NULL,
          show_exact_location boolean NOT NULL,
          bounds jsonb,
          start_time timestamptz,
          end_time timestamptz,
          photo text,
          created_by bigint,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX ${t}_public_name ON ${t} (name) WHERE privacy > 0;`,
    },
    {
      name: 'project_members',
      create: (t) => `
        CREATE TABLE ${t} (
          project_id bigint NOT NULL,
          user_id bigint NOT NULL,
          role text NOT NULL CHECK (role IN ('administrator', 'member')),
          joined_at timestamptz NOT NULL,
          PRIMARY KEY (project_id, user_id)
        );
        CREATE INDEX ${t}_user ON ${t} (user_id);`,
    },
    {
      name: 'project_invites',
      // Pending invitations only; `email` is null when its sealed address was erased.
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          project_id bigint NOT NULL,
          email text,
          role text NOT NULL CHECK (role IN ('administrator', 'member')),
          token_hash text NOT NULL,
          invited_by bigint,
          invited_at timestamptz NOT NULL
        );
        CREATE INDEX ${t}_project ON ${t} (project_id);
        CREATE INDEX ${t}_email ON ${t} (email);
        CREATE INDEX ${t}_token ON ${t} (token_hash);`,
    },
    {
      name: 'project_follows',
      create: (t) => `
        CREATE TABLE ${t} (
          project_id bigint NOT NULL,
          user_id bigint NOT NULL,
          followed_at timestamptz NOT NULL,
          PRIMARY KEY (project_id, user_id)
        );
        CREATE INDEX ${t}_user ON ${t} (user_id);`,
    },
    {
      name: 'project_updates',
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          project_id bigint NOT NULL,
          author_id bigint NOT NULL,
          body text NOT NULL,
          revision bigint NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX ${t}_project ON ${t} (project_id, created_at DESC);`,
    },
    {
      name: 'project_stations',
      create: (t) => `
        CREATE TABLE ${t} (
          project_id bigint NOT NULL,
          station_id bigint NOT NULL,
          added_at timestamptz NOT NULL,
          PRIMARY KEY (project_id, station_id)
        );
        CREATE INDEX ${t}_station ON ${t} (station_id);`,
    },
  ],
  async apply(events: readonly RecordedEvent[], ctx) {
    const all = events as readonly Event[];
    await foldIntoRows<Row, Event>(ctx.client, {
      table: ctx.table('projects'),
      key: 'id',
      events: all.filter((e) => rowTypes.has(e.type)),
      keyOf: (e) => String(e.data.projectId),
      evolve,
    });
    for (const event of all) await applyToTeamAndContent(event, ctx);
    const deleted = all.filter((e) => e.type === 'ProjectDeleted').map((e) => e.data.projectId);
    if (deleted.length > 0) await ctx.client.query(`DELETE FROM ${ctx.table('projects')} WHERE id = ANY($1)`, [deleted]);
  },
};
