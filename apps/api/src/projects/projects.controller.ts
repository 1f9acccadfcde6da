import { Controller } from '@nestjs/common';
import { routes, type CreateProjectBody, type UpdateProjectBody } from '@groundtruth/contracts';
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
  async list() {
    return { projects: await this.queries.listPublic() };
  }

  @ApiRoute(routes.getProject)
  get(@Input('params') { id }: { id: number }) {
    return this.queries.get(id);
  }

  @ApiRoute(routes.createProject)
  async create(@Input('body') body: CreateProjectBody) {
    const { projectId } = await this.commands.execute(new CreateProjectCommand(body, commandMetadata()));
    return this.queries.get(projectId, { includePrivate: true });
  }

  @ApiRoute(routes.updateProject)
  async update(@Input('params') { id }: { id: number }, @Input('body') changes: UpdateProjectBody) {
    await this.commands.execute(new UpdateProjectCommand({ projectId: id, changes }, commandMetadata()));
    return this.queries.get(id, { includePrivate: true });
  }
}
