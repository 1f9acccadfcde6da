import { Controller, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { authorize, can, DomainError, type Actor } from '@groundtruth/domain';
import { routes, type CreateProjectBody, type UpdateProjectBody } from '@groundtruth/contracts';
import type { Request, Response } from 'express';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { MediaStore } from '../media/index.js';
import { sendMedia } from '../media/index.js';
import { CreateProjectCommand } from './commands/create-project/create-project.command.js';
import { DeleteProjectCommand } from './commands/delete-project/delete-project.command.js';
import { UpdateProjectCommand } from './commands/update-project/update-project.command.js';
import { UploadProjectPhotoCommand } from './commands/upload-photo/upload-photo.command.js';
import { ProjectTeamQueries } from './queries/project-team.queries.js';
import { ProjectsQueries } from './queries/projects.queries.js';
import { AuthorizeProjectFirst } from './authorize-project-first.guard.js';

const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

@Controller()
export class ProjectsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: ProjectsQueries,
    private readonly team: ProjectTeamQueries,
    private readonly media: MediaStore,
  ) {}

  /** The project with its team, as the asker may see it (addresses for its administrators only). */
  private async withTeam(id: number, actor: Actor) {
    const { project, access } = await this.queries.readable(id, actor);
    return { ...project, users: await this.team.users(id, can(actor, 'project.manageMembers', access)) };
  }

  @ApiRoute(routes.listProjects)
  async list(@CurrentActor() actor: Actor) {
    authorize(actor, 'project.list', {});
    return { projects: await this.queries.listPublic(actor) };
  }

  @ApiRoute(routes.myProjects)
  async mine(@CurrentActor() actor: Actor) {
    authorize(actor, 'project.listMine', {});
    return { projects: await this.queries.listMine(actor) };
  }

  @ApiRoute(routes.getProject)
  get(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    return this.withTeam(id, actor);
  }

  @ApiRoute(routes.createProject)
  async create(@CurrentActor() actor: Actor, @Input('body') body: CreateProjectBody) {
    authorize(actor, 'project.create', {});
    const { projectId } = await this.commands.execute(new CreateProjectCommand(body, commandMetadata(userIdOf(actor))));
    return this.withTeam(projectId, actor);
  }

  @ApiRoute(routes.updateProject)
  async update(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('body') { version: _sent, ...changes }: UpdateProjectBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    const { access } = await this.queries.getWithAccess(id, actor);
    authorize(actor, 'project.update', access);
    await this.commands.execute(
      new UpdateProjectCommand({ projectId: id, changes }, version.value, commandMetadata(userIdOf(actor))),
      () => this.withTeam(id, actor),
    );
    return this.withTeam(id, actor);
  }

  @ApiRoute(routes.deleteProject)
  async remove(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const { access } = await this.queries.getWithAccess(id, actor);
    authorize(actor, 'project.delete', access);
    await this.commands.execute(new DeleteProjectCommand({ projectId: id }, commandMetadata(userIdOf(actor))));
  }

  @ApiRoute(routes.uploadProjectPhoto)
  // From the headers, before the file is read.
  @AuthorizeProjectFirst('project.update')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } }))
  async uploadPhoto(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ) {
    if (!file?.buffer.length) throw DomainError.validation('MEDIA.NO_FILE', { file: 'Choose an image to upload.' });
    await this.commands.execute(
      new UploadProjectPhotoCommand({ projectId: id, bytes: file.buffer }, commandMetadata(userIdOf(actor))),
    );
    return this.withTeam(id, actor);
  }

  /** Served after the project's own read check: a private project's photo is private too. */
  @ApiRoute(routes.projectPhoto)
  async photo(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') { size }: { size?: number },
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const { access } = await this.queries.readable(id, actor);
    const key = await this.queries.photoOf(id);
    sendMedia(req, res, key ? await this.media.read(key, size) : null, access.isPublic ? 'public' : 'private');
  }
}
