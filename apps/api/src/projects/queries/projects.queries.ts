import { Injectable } from '@nestjs/common';
import {
  can,
  DomainError,
  projectDuration,
  projectMessages,
  type Actor,
  type ProjectResource,
  type ProjectRole,
} from '@groundtruth/domain';
import type { Project, ProjectRoleName } from '@groundtruth/contracts';
import { projectsTable, type ProjectRow } from '@groundtruth/platform';
import { idArray, ReadModels } from '../../read-models/read-models.js';
import { readableStationParams, readableStationSql } from '../../access/index.js';

/** A `projects` row with what the asker needs to see about it (follows, their role). */
type ProjectSqlRow = ProjectRow & {
  followers: number | string;
  following: boolean;
  role: ProjectRole | null;
  modules: string[];
};

const iso = (v: Date | string): string => new Date(v).toISOString();

export const roleName = (role: ProjectRole): ProjectRoleName => (role === 'administrator' ? 'Administrator' : 'Member');

export const projectPhotoUrl = (id: number, photo: string): string =>
  `/api/projects/${id}/media?v=${encodeURIComponent(photo.slice(-12))}`;

/** The asker's id for SQL (null when anonymous: matches no row). */
export const askerId = (actor: Actor): number | null => (actor.kind === 'user' ? actor.userId : null);

/**
 * The columns every project answer reads, in one statement whatever the number of projects; see
 * `selectParams` for its parameters ($1 and $2; a query's own start at $3). Followers whose account was deleted are not counted. The
 * modules are those of the project's stations the asker may read, as GET /projects/{id}/stations
 * lists them (hidden ones only for their owner); internal modules (diagnostics) have no icon.
 */
const projectSelect = `
  SELECT p.*,
    (SELECT count(*) FROM project_follows f JOIN users u ON u.id = f.user_id AND NOT u.deleted
      WHERE f.project_id = p.id) AS followers,
    EXISTS (SELECT 1 FROM project_follows f WHERE f.project_id = p.id AND f.user_id = $1) AS following,
    (SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = $1) AS role,
    ARRAY(
      SELECT DISTINCT sm.name FROM project_stations ps
        JOIN stations s ON s.id = ps.station_id
        JOIN station_modules sm ON sm.station_id = s.id AND NOT sm.internal
       WHERE ps.project_id = p.id AND (NOT s.hidden OR s.owner_id = $1) AND ($2::boolean OR ${readableStationSql('s', 1)})
       ORDER BY sm.name) AS modules
  FROM projects p`;

/** The values of `projectSelect`'s parameters for one asker: $1 the asker's id, $2 whether they read every station. */
const selectParams = (actor: Actor): unknown[] => [askerId(actor), readableStationParams(actor).all];

/** Answers project queries from the read models only. Depends on ReadModels alone, so any module may list it. */
@Injectable()
export class ProjectsQueries {
  constructor(private readonly readModels: ReadModels) {}

  private async select(where: string, params: readonly unknown[], actor: Actor): Promise<ProjectSqlRow[]> {
    return this.readModels.rows<ProjectSqlRow>(`${projectSelect} ${where}`, [...selectParams(actor), ...params]);
  }

  private static access(row: ProjectSqlRow): ProjectResource {
    return { isPublic: row.privacy > 0, role: row.role };
  }

  private static toProject(r: ProjectSqlRow, actor: Actor): Project {
    const id = Number(r.id);
    const startTime = r.start_time === null ? null : iso(r.start_time);
    const endTime = r.end_time === null ? null : iso(r.end_time);
    const followers = Number(r.followers);
    return {
      id,
      name: r.name,
      description: r.description,
      goal: r.goal,
      location: r.location,
      slug: r.slug,
      tags: r.tags,
      privacy: r.privacy,
      public: r.privacy > 0,
      private: r.privacy === 0,
      showStations: r.show_stations,
      showExactLocation: r.show_exact_location,
      bounds: r.bounds && { min: [...r.bounds.min], max: [...r.bounds.max] },
      startTime,
      endTime,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      version: Number(r.revision),
      teamVersion: Number(r.team_revision),
      photo: r.photo ? { url: projectPhotoUrl(id, r.photo) } : null,
      readOnly: !can(actor, 'project.update', ProjectsQueries.access(r)),
      following: { following: r.following, total: followers },
      followers,
      duration: projectDuration(startTime, endTime),
      modules: r.modules,
      role: r.role === null ? null : roleName(r.role),
    };
  }

  /** Public projects, by name (spec §2 community projects): private ones are never listed here. */
  async listPublic(actor: Actor): Promise<Project[]> {
    const rows = await this.select('WHERE p.privacy > 0 ORDER BY p.name, p.id', [], actor);
    return rows.map((r) => ProjectsQueries.toProject(r, actor));
  }

  /** The projects the asker belongs to, private ones included. */
  async listMine(actor: Actor): Promise<Project[]> {
    const rows = await this.select(
      'WHERE EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $3) ORDER BY p.name, p.id',
      [askerId(actor)],
      actor,
    );
    return rows.map((r) => ProjectsQueries.toProject(r, actor));
  }

  /** These projects as the asker sees them, in the order of `ids`; missing ones are left out. */
  async listByIds(ids: readonly number[], actor: Actor): Promise<Project[]> {
    if (ids.length === 0) return [];
    const rows = await this.select('WHERE p.id = ANY($3::bigint[])', [idArray(ids)], actor);
    const byId = new Map(rows.map((r) => [Number(r.id), ProjectsQueries.toProject(r, actor)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The project and what the policy needs to decide about it: is it public, and the asker's role (from project_members). */
  async getWithAccess(id: number, actor: Actor): Promise<{ project: Project; access: ProjectResource }> {
    const [row] = await this.select('WHERE p.id = $3', [id], actor);
    if (!row) throw new DomainError('not_found', 'PROJECT.NOT_FOUND', projectMessages.notFound);
    return { project: ProjectsQueries.toProject(row, actor), access: ProjectsQueries.access(row) };
  }

  /**
   * The project once the asker may read it (404 when there is none), otherwise spec §8's
   * private-project 403, after which the client asks the visitor to log in. Every read of a
   * project or of what hangs off it goes through here.
   */
  async readable(id: number, actor: Actor): Promise<{ project: Project; access: ProjectResource }> {
    const found = await this.getWithAccess(id, actor);
    if (!can(actor, 'project.read', found.access)) {
      throw new DomainError('forbidden', 'PROJECT.PRIVATE', projectMessages.private);
    }
    return found;
  }

  /** The project's photo key, for serving it. */
  async photoOf(id: number): Promise<string | null> {
    const row = await this.readModels.em().findOne(projectsTable.entity, { id: String(id) }, { fields: ['photo'] });
    return row?.photo ?? null;
  }
}
