import { Controller } from '@nestjs/common';
import type { Actor } from '@groundtruth/domain';
import { routes } from '@groundtruth/contracts';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ProjectsQueries } from '../projects/index.js';
import { ActivityQueries } from './activity.queries.js';

@Controller()
export class ActivityController {
  constructor(
    private readonly projects: ProjectsQueries,
    private readonly activity: ActivityQueries,
  ) {}

  @ApiRoute(routes.projectActivity)
  async ofProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.projects.readable(id, actor);
    return { activities: await this.activity.ofProject(id, actor) };
  }
}
