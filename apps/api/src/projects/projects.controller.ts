import { Controller } from '@nestjs/common';
import { authorize, can, DomainError, type Actor, type ProjectResource } from '@groundtruth/domain';
import { routes, type CreateProjectBody, type UpdateProjectBody } from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../auth/current-actor.decorator.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { CreateProjectCommand } from './commands/create-project/create-project.command.js';
import { UpdateProjectCommand } from './commands/update-project/update-project.command.js';
import { ProjectsQueries } from './queries/projects.queries.js';

@Controller()
export class ProjectsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: ProjectsQueries,
  ) {}

  @ApiRoute(routes.listProjects)
  async list(@CurrentActor() actor: Actor) {
    authorize(actor, 'project.list', {});
    return { projects: await this.queries.listPublic() };
  }

  @ApiRoute(routes.getProject)
  async get(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const { project, access } = await this.queries.getWithAccess(id, actor);
    if (!can(actor, 'project.read', access)) throw new DomainError('forbidden', 'PROJECT.PRIVATE', 'This project is private.');
    return project;
  }

  @ApiRoute(routes.createProject)
  async create(@CurrentActor() actor: Actor, @Input('body') body: CreateProjectBody) {
    authorize(actor, 'project.create', {});
    const { projectId } = await this.commands.execute(new CreateProjectCommand(body, commandMetadata(userIdOf(actor))));
    return (await this.queries.getWithAccess(projectId, actor)).project;
  }

  @ApiRoute(routes.updateProject)
  async update(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') changes: UpdateProjectBody) {
    const { access } = await this.queries.getWithAccess(id, actor);
    authorize(actor, 'project.update', access satisfies ProjectResource);
    await this.commands.execute(new UpdateProjectCommand({ projectId: id, changes }, commandMetadata(userIdOf(actor))));
    return (await this.queries.getWithAccess(id, actor)).project;
  }
}
