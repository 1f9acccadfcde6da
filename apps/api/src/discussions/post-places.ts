import { Injectable } from '@nestjs/common';
import { authorize, DomainError, type Actor, type PostTarget, type ProjectResource } from '@groundtruth/domain';
import { BookmarkStore } from '../bookmarks/index.js';
import { ProjectsQueries } from '../projects/index.js';

/**
 * Where posts are written: a project (read and written as the project is read) or a saved workspace
 * (its token is the key to it). One place for the checks every discussion call makes first.
 */
@Injectable()
export class PostPlaces {
  constructor(
    private readonly projects: ProjectsQueries,
    private readonly bookmarks: BookmarkStore,
  ) {}

  /** 404 for no such project or bookmark, 403 for a private project the asker is not on. */
  async read(actor: Actor, target: PostTarget): Promise<void> {
    if (target.projectId !== null) await this.projects.readable(target.projectId, actor);
    else await this.bookmark(target.bookmark);
  }

  async write(actor: Actor, target: PostTarget): Promise<void> {
    if (target.projectId !== null) {
      const { access } = await this.projects.getWithAccess(target.projectId, actor);
      authorize(actor, 'post.write', access);
    } else {
      await this.bookmark(target.bookmark);
      authorize(actor, 'post.writeOnWorkspace', {});
    }
  }

  /** The asker's access to a project (its publicity and their role in it). */
  async access(actor: Actor, projectId: number): Promise<ProjectResource> {
    return (await this.projects.getWithAccess(projectId, actor)).access;
  }

  /** Data events: the project's Administrators and site admins; on a workspace, site admins. */
  async markEvent(actor: Actor, target: PostTarget): Promise<void> {
    if (target.projectId !== null) {
      const { access } = await this.projects.getWithAccess(target.projectId, actor);
      authorize(actor, 'project.read', access);
      authorize(actor, 'dataEvent.create', access);
    } else {
      await this.bookmark(target.bookmark);
      authorize(actor, 'dataEvent.createOnWorkspace', {});
    }
  }

  async bookmark(token: string): Promise<void> {
    if ((await this.bookmarks.resolve(token)) === null)
      throw new DomainError('not_found', 'BOOKMARK.NOT_FOUND', 'No bookmark has this token.');
  }
}

/** The place a request names: a project or a bookmark, not both. */
export const targetOf = (projectId: number | undefined, bookmark: string | undefined, field = 'projectId'): PostTarget => {
  if (projectId !== undefined && bookmark !== undefined)
    throw DomainError.validation('POST.TARGET_TWICE', { [field]: 'Give a project or a workspace, not both.' });
  if (projectId !== undefined) return { projectId, bookmark: null };
  if (bookmark !== undefined) return { projectId: null, bookmark };
  throw DomainError.validation('POST.TARGET_REQUIRED', { [field]: 'A comment belongs to a project or to a saved workspace.' });
};
