import { Controller } from '@nestjs/common';
import { can, DomainError, type Actor } from '@groundtruth/domain';
import { routes } from '@groundtruth/contracts';
import { CurrentActor } from '../auth/current-actor.decorator.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ProjectsQueries } from '../projects/queries/projects.queries.js';
import { ActivityQueries } from './activity.queries.js';

@Controller()
export class ActivityController {
  constructor(
    private readonly projects: ProjectsQueries,
    private readonly activity: ActivityQueries,
  ) {}

  @ApiRoute(routes.projectActivity)
  async ofProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const { access } = await this.projects.getWithAccess(id, actor);
    if (!can(actor, 'project.read', access)) throw new DomainError('forbidden', 'PROJECT.PRIVATE', 'This project is private.');
    return { activities: await this.activity.ofProject(id) };
  }
}
