import { Inject, Injectable, mixin, UseGuards, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { anonymous, authorize, type Action, type ProjectResource, type ResourceOf } from '@groundtruth/domain';
import { IdParams } from '@groundtruth/contracts';
import type { AuthenticatedRequest } from '../accounts/index.js';
import { parseInput } from '../common/http/parse-input.js';
import { ProjectsQueries } from './queries/projects.queries.js';

type ProjectAction = { [A in Action]: ResourceOf<A> extends ProjectResource ? A : never }[Action];

/**
 * Asks the policy for `action` on the project of the route's `{id}` before the body is read
 * (guards run before interceptors): a refused caller cannot make the server take in an upload first.
 */
export const AuthorizeProjectFirst = (action: ProjectAction) => {
  @Injectable()
  class ProjectFirst implements CanActivate {
    constructor(@Inject(ProjectsQueries) private readonly projects: ProjectsQueries) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
      const { id } = parseInput(IdParams, req.params, 'params');
      const { access } = await this.projects.getWithAccess(id, req.auth?.actor ?? anonymous);
      authorize(req.auth?.actor ?? anonymous, action, access);
      return true;
    }
  }
  return UseGuards(mixin(ProjectFirst) as Type<CanActivate>);
};
