import { Controller } from '@nestjs/common';
import { authorize, DomainError, projectMessages, type Actor } from '@groundtruth/domain';
import {
  routes,
  type EditProjectUpdateBody,
  type ProjectStationParams,
  type ProjectUpdateBody,
  type ProjectUpdateParams,
} from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { StationAccessQueries } from '../access/index.js';
import { AddProjectStationCommand } from './commands/add-station/add-station.command.js';
import { PostProjectUpdateCommand } from './commands/post-update/post-update.command.js';
import { DeleteProjectUpdateCommand } from './commands/delete-update/delete-update.command.js';
import { EditProjectUpdateCommand } from './commands/edit-update/edit-update.command.js';
import { FollowProjectCommand } from './commands/follow-project/follow-project.command.js';
import { RemoveProjectStationCommand } from './commands/remove-station/remove-station.command.js';
import { UnfollowProjectCommand } from './commands/unfollow-project/unfollow-project.command.js';
import { ProjectTeamQueries } from './queries/project-team.queries.js';
import { ProjectsQueries } from './queries/projects.queries.js';

const updateNotFound = () => new DomainError('not_found', 'PROJECT_UPDATE.NOT_FOUND', projectMessages.updateNotFound);

/** What hangs off a project besides its team: follows, project updates, its stations. */
@Controller()
export class ProjectContentController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly projects: ProjectsQueries,
    private readonly team: ProjectTeamQueries,
    private readonly stations: StationAccessQueries,
  ) {}

  private async existingUpdate(updateId: number) {
    const update = await this.team.update(updateId);
    if (!update) throw updateNotFound();
    return update;
  }

  private async follow(actor: Actor, projectId: number, follow: boolean) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.follow', access);
    const userId = userIdOf(actor);
    const meta = commandMetadata(userId);
    await this.commands.execute(
      follow ? new FollowProjectCommand({ projectId, userId }, meta) : new UnfollowProjectCommand({ projectId, userId }, meta),
    );
    const shown = (await this.projects.getWithAccess(projectId, actor)).project.following;
    // Past the read-your-writes bound the read side may not show this change yet; the command did
    // happen, so the answer says so (a command never denies what it did).
    return shown.following === follow ? shown : { following: follow, total: Math.max(0, shown.total + (follow ? 1 : -1)) };
  }

  @ApiRoute(routes.followProject)
  followProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    return this.follow(actor, id, true);
  }

  @ApiRoute(routes.unfollowProject)
  unfollowProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    return this.follow(actor, id, false);
  }

  @ApiRoute(routes.projectFollowers)
  async followers(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.projects.readable(id, actor);
    return this.team.followers(id);
  }

  @ApiRoute(routes.listProjectUpdates)
  async updates(@CurrentActor() actor: Actor, @Input('params') { projectId }: { projectId: number }) {
    await this.projects.readable(projectId, actor);
    return { updates: await this.team.updates(projectId) };
  }

  @ApiRoute(routes.getProjectUpdate)
  async getUpdate(@CurrentActor() actor: Actor, @Input('params') { updateId }: { updateId: number }) {
    const update = await this.existingUpdate(updateId);
    await this.projects.readable(update.projectId, actor);
    return update;
  }

  @ApiRoute(routes.postProjectUpdate)
  async postUpdate(
    @CurrentActor() actor: Actor,
    @Input('params') { projectId }: { projectId: number },
    @Input('body') { body }: ProjectUpdateBody,
  ) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.update', access);
    const authorId = userIdOf(actor);
    const { updateId } = await this.commands.execute(
      new PostProjectUpdateCommand({ projectId, authorId, body }, commandMetadata(authorId)),
    );
    return this.existingUpdate(updateId);
  }

  @ApiRoute(routes.editProjectUpdate)
  async editUpdate(
    @CurrentActor() actor: Actor,
    @Input('params') { projectId, updateId }: ProjectUpdateParams,
    @Input('body') { body }: EditProjectUpdateBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.update', access);
    await this.commands.execute(
      new EditProjectUpdateCommand({ projectId, updateId, body }, version.value, commandMetadata(userIdOf(actor))),
      () => this.existingUpdate(updateId),
    );
    return this.existingUpdate(updateId);
  }

  @ApiRoute(routes.deleteProjectUpdate)
  async deleteUpdate(@CurrentActor() actor: Actor, @Input('params') { projectId, updateId }: ProjectUpdateParams) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.update', access);
    await this.commands.execute(new DeleteProjectUpdateCommand({ projectId, updateId }, commandMetadata(userIdOf(actor))));
  }

  /** The adder administers the project and may edit the station itself (spec §6). */
  @ApiRoute(routes.addProjectStation)
  async addStation(@CurrentActor() actor: Actor, @Input('params') { projectId, stationId }: ProjectStationParams) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.update', access);
    // A station the asker cannot even see answers as the stations feature does (STATION.PRIVATE).
    authorize(actor, 'station.update', await this.stations.authorizeRead(stationId, actor));
    await this.commands.execute(new AddProjectStationCommand({ projectId, stationId }, commandMetadata(userIdOf(actor))));
  }

  @ApiRoute(routes.removeProjectStation)
  async removeStation(@CurrentActor() actor: Actor, @Input('params') { projectId, stationId }: ProjectStationParams) {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.update', access);
    await this.commands.execute(new RemoveProjectStationCommand({ projectId, stationId }, commandMetadata(userIdOf(actor))));
  }
}
