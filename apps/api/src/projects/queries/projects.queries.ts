import { Injectable } from '@nestjs/common';
import { can, DomainError, projectMessages, type Actor, type ProjectResource, type ProjectRole } from '@groundtruth/domain';
import type { Project, ProjectRoleName } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';

/** A `projects` row with what the asker needs to see about it (follows, their role). */
type ProjectRow = {
  id: string;
  name: string;
  description: string;
  goal: string;
  location: string;
  slug: string;
  tags: string[];
  privacy: number;
  show_stations: boolean;
  bounds: Project['bounds'];
  start_time: Date | string | null;
  end_time: Date | string | null;
  photo: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  followers: number | string;
  following: boolean;
  role: ProjectRole | null;
};

/** A Postgres array literal of ids (one binding, whatever the driver does with JS arrays). */
export const pgArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const iso = (v: Date | string): string => new Date(v).toISOString();

export const roleName = (role: ProjectRole): ProjectRoleName => (role === 'administrator' ? 'Administrator' : 'Member');

export const projectPhotoUrl = (id: number, photo: string): string =>
  `/api/projects/${id}/media?v=${encodeURIComponent(photo.slice(-12))}`;

/** The asker's id for SQL (null when anonymous: matches no row). */
export const askerId = (actor: Actor): number | null => (actor.kind === 'user' ? actor.userId : null);

/**
 * The columns every project answer reads; `?` twice takes the asker's id. Followers whose
 * account was deleted are not counted.
 */
const projectSelect = `
  SELECT p.*,
    (SELECT count(*) FROM project_follows f JOIN users u ON u.id = f.user_id AND NOT u.deleted
      WHERE f.project_id = p.id) AS followers,
    EXISTS (SELECT 1 FROM project_follows f WHERE f.project_id = p.id AND f.user_id = ?) AS following,
    (SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = ?) AS role
  FROM projects p`;

/** Answers project queries from the read models only. Depends on ReadModels alone, so any module may list it. */
@Injectable()
export class ProjectsQueries {
  constructor(private readonly readModels: ReadModels) {}

  private async select(where: string, params: readonly unknown[], actor: Actor): Promise<ProjectRow[]> {
    const em = await this.readModels.em();
    const asker = askerId(actor);
    return em.execute<ProjectRow[]>(`${projectSelect} ${where}`, [asker, asker, ...params]);
  }

  private static access(row: ProjectRow): ProjectResource {
    return { isPublic: row.privacy > 0, role: row.role };
  }

  private static toProject(r: ProjectRow, actor: Actor): Project {
    const id = Number(r.id);
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
      bounds: r.bounds,
      startTime: r.start_time === null ? null : iso(r.start_time),
      endTime: r.end_time === null ? null : iso(r.end_time),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      photo: r.photo ? { url: projectPhotoUrl(id, r.photo) } : null,
      readOnly: !can(actor, 'project.update', ProjectsQueries.access(r)),
      following: { following: r.following, total: Number(r.followers) },
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
      'WHERE EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = ?) ORDER BY p.name, p.id',
      [askerId(actor)],
      actor,
    );
    return rows.map((r) => ProjectsQueries.toProject(r, actor));
  }

  /** These projects as the asker sees them, in the order of `ids`; missing ones are left out. */
  async listByIds(ids: readonly number[], actor: Actor): Promise<Project[]> {
    if (ids.length === 0) return [];
    const rows = await this.select('WHERE p.id = ANY(?::bigint[])', [pgArray(ids)], actor);
    const byId = new Map(rows.map((r) => [Number(r.id), ProjectsQueries.toProject(r, actor)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The project and what the policy needs to decide about it: is it public, and the asker's role (from project_members). */
  async getWithAccess(id: number, actor: Actor): Promise<{ project: Project; access: ProjectResource }> {
    const [row] = await this.select('WHERE p.id = ?', [id], actor);
    if (!row) throw new DomainError('not_found', 'PROJECT.NOT_FOUND', projectMessages.notFound);
    return { project: ProjectsQueries.toProject(row, actor), access: ProjectsQueries.access(row) };
  }

  /** The project's photo key, for serving it. */
  async photoOf(id: number): Promise<string | null> {
    const em = await this.readModels.em();
    const [row] = await em.execute<{ photo: string | null }[]>('SELECT photo FROM projects WHERE id = ?', [id]);
    return row?.photo ?? null;
  }
}

/** The 403 of a private project (spec §8: the client sends the visitor to log in with the private-project message). */
export const privateProject = () => new DomainError('forbidden', 'PROJECT.PRIVATE', 'This project is private.');

/** Throws the private-project 403 unless the asker may read the project. */
export const assertReadable = (actor: Actor, access: ProjectResource): void => {
  if (!can(actor, 'project.read', access)) throw privateProject();
};
