import { Injectable } from '@nestjs/common';
import { DomainError, type Actor, type ProjectResource } from '@groundtruth/domain';
import type { Project } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { ProjectRecord, type ProjectRecordShape } from './project.record.js';

const toProject = (r: ProjectRecordShape): Project => ({
  id: Number(r.id),
  name: r.name,
  description: r.description,
  goal: r.goal,
  location: r.location,
  slug: r.slug,
  tags: r.tags,
  privacy: r.privacy,
  public: r.privacy > 0,
  private: r.privacy === 0,
  showStations: r.showStations,
  bounds: r.bounds,
  startTime: r.startTime?.toISOString() ?? null,
  endTime: r.endTime?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Answers project queries from the read model only. */
@Injectable()
export class ProjectsQueries {
  constructor(private readonly readModels: ReadModels) {}

  async listPublic(): Promise<Project[]> {
    const em = await this.readModels.em();
    const rows = await em.find(ProjectRecord, { privacy: { $gt: 0 } }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toProject);
  }

  /**
   * The project and what the policy needs to decide about it. Until membership exists (projects
   * issue), the one who created a project is its administrator.
   */
  async getWithAccess(id: number, actor: Actor): Promise<{ project: Project; access: ProjectResource }> {
    const em = await this.readModels.em();
    const row = await em.findOne(ProjectRecord, { id });
    if (!row) throw new DomainError('not_found', 'PROJECT.NOT_FOUND', 'This project does not exist.');
    const isCreator = actor.kind === 'user' && row.createdBy !== null && Number(row.createdBy) === actor.userId;
    return { project: toProject(row), access: { isPublic: row.privacy > 0, role: isCreator ? 'administrator' : null } };
  }
}
