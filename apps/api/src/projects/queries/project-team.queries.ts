import { Injectable } from '@nestjs/common';
import type { ProjectRole } from '@groundtruth/domain';
import type { ProjectFollowers, ProjectUpdate, ProjectUser } from '@groundtruth/contracts';
import {
  projectInvitesTable,
  projectsTable,
  selectRows,
  usersTable,
  type ProjectInviteRow,
  type UserRow,
} from '@groundtruth/platform';
import { ReadModels } from '../../read-models/read-models.js';
import { roleName } from './projects.queries.js';

type PersonRow = Pick<UserRow, 'id' | 'name' | 'photo' | 'email'>;
type MemberRow = PersonRow & { role: ProjectRole };
type InviteRow = { id: string; project_id: string; email: string | null; role: ProjectRole; invited_at: Date | string };
type UpdateRow = {
  id: string;
  project_id: string;
  body: string;
  author_id: string;
  author_name: string | null;
  author_photo: string | null;
  revision: string;
  created_at: Date | string;
  updated_at: Date | string;
};

/** A pending invitation as the API reads it back. */
export type PendingInvite = { id: number; projectId: number; role: ProjectRole; invitedAt: string };

const iso = (v: Date | string): string => new Date(v).toISOString();
const userPhoto = (id: string, photo: string | null) =>
  photo ? { url: `/api/user/${id}/media?v=${encodeURIComponent(photo.slice(-12))}` } : null;
const toInvite = (r: InviteRow): PendingInvite => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  role: r.role,
  invitedAt: iso(r.invited_at),
});

/**
 * The people around a project: its team and invitations, followers, and the updates they post.
 * Deleted accounts are left out of every list.
 */
@Injectable()
export class ProjectTeamQueries {
  constructor(private readonly readModels: ReadModels) {}

  /** The team's version (see ProjectUsers.version); null for no such project. */
  async version(projectId: number): Promise<number | null> {
    const row = await this.readModels
      .em()
      .findOne(projectsTable.entity, { id: String(projectId) }, { fields: ['team_revision'] });
    return row ? Number(row.team_revision) : null;
  }

  /** Administrators, then members (by name), then invitations not yet answered (oldest first). */
  async users(projectId: number, withEmails: boolean): Promise<ProjectUser[]> {
    const members = await this.readModels.rows<MemberRow>(
      `SELECT u.id, u.name, u.photo, u.email, m.role FROM project_members m JOIN users u ON u.id = m.user_id AND NOT u.deleted
        WHERE m.project_id = $1 ORDER BY m.role = 'administrator' DESC, lower(u.name), u.id`,
      [projectId],
    );
    // SQL from the entity rather than find: every GET /api/projects/{id} lists the team.
    const invites = await this.readModels.rows<ProjectInviteRow>(
      selectRows(projectInvitesTable, 'WHERE project_id = $1 ORDER BY invited_at, id'),
      [projectId],
    );
    const email = (address: string | null) => (withEmails && address ? { email: address } : {});
    return [
      ...members.map((m) => ({
        user: { id: Number(m.id), name: m.name, photo: userPhoto(m.id, m.photo), ...email(m.email) },
        role: roleName(m.role),
        invited: false,
      })),
      ...invites.map((i) => ({
        user: { id: null, name: null, photo: null, ...email(i.email) },
        role: roleName(i.role),
        invited: true,
      })),
    ];
  }

  /** The pending invitation an e-mailed token opens (by the token's hash). */
  async inviteByTokenHash(tokenHash: string): Promise<PendingInvite | null> {
    const row = await this.readModels.em().findOne(projectInvitesTable.entity, { token_hash: tokenHash });
    return row ? toInvite(row) : null;
  }

  async inviteById(id: number): Promise<PendingInvite | null> {
    const row = await this.readModels.em().findOne(projectInvitesTable.entity, { id: String(id) });
    return row ? toInvite(row) : null;
  }

  /**
   * Invitations sent to the user's address, once that address is validated (an address nobody
   * proved they own opens nothing), oldest first; optionally those of one project only.
   */
  async pendingFor(userId: number, projectId: number | null = null): Promise<PendingInvite[]> {
    const rows = await this.readModels.rows<InviteRow>(
      `SELECT i.* FROM project_invites i JOIN users u ON u.email = i.email
        WHERE u.id = $1 AND u.email_validated AND NOT u.deleted ${projectId === null ? '' : 'AND i.project_id = $2'}
        ORDER BY i.invited_at, i.id`,
      projectId === null ? [userId] : [userId, projectId],
    );
    return rows.map(toInvite);
  }

  /** Every pending invitation to an address, whatever its case, with the address as it was sent. */
  async invitesTo(email: string): Promise<{ projectId: number; email: string }[]> {
    const rows = await this.readModels.rows<{ project_id: string; email: string }>(
      'SELECT project_id, email FROM project_invites WHERE lower(email) = lower($1) ORDER BY invited_at, id',
      [email],
    );
    return rows.map((r) => ({ projectId: Number(r.project_id), email: r.email }));
  }

  /** The user's validated address, for proving an invitation is theirs. */
  async validatedEmailOf(userId: number): Promise<string | null> {
    const row = await this.readModels
      .em()
      .findOne(usersTable.entity, { id: String(userId), email_validated: true, deleted: false }, { fields: ['email'] });
    return row?.email ?? null;
  }

  async followers(projectId: number): Promise<ProjectFollowers> {
    const rows = await this.readModels.rows<PersonRow>(
      `SELECT u.id, u.name, u.photo, NULL AS email FROM project_follows f JOIN users u ON u.id = f.user_id AND NOT u.deleted
        WHERE f.project_id = $1 ORDER BY f.followed_at DESC, u.id`,
      [projectId],
    );
    return {
      followers: rows.map((r) => ({ id: Number(r.id), name: r.name, photo: userPhoto(r.id, r.photo) })),
      total: rows.length,
    };
  }

  private static toUpdate(r: UpdateRow): ProjectUpdate {
    return {
      id: Number(r.id),
      projectId: Number(r.project_id),
      body: r.body,
      // An author whose account was deleted shows as such; the update stays.
      author: { id: Number(r.author_id), name: r.author_name ?? '', photo: userPhoto(r.author_id, r.author_photo) },
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      version: Number(r.revision),
    };
  }

  private static readonly updateSelect = `
    SELECT pu.*, u.name AS author_name, u.photo AS author_photo
      FROM project_updates pu LEFT JOIN users u ON u.id = pu.author_id`;

  async updates(projectId: number): Promise<ProjectUpdate[]> {
    const rows = await this.readModels.rows<UpdateRow>(
      `${ProjectTeamQueries.updateSelect} WHERE pu.project_id = $1 ORDER BY pu.created_at DESC, pu.id DESC`,
      [projectId],
    );
    return rows.map(ProjectTeamQueries.toUpdate);
  }

  async update(updateId: number): Promise<ProjectUpdate | null> {
    const [row] = await this.readModels.rows<UpdateRow>(`${ProjectTeamQueries.updateSelect} WHERE pu.id = $1`, [updateId]);
    return row ? ProjectTeamQueries.toUpdate(row) : null;
  }
}
