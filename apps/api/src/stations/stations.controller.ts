import { Controller, Headers, Res } from '@nestjs/common';
import type { Response } from 'express';
import { authorize, can, DomainError, type Actor } from '@groundtruth/domain';
import {
  mapStationsToColumns,
  routes,
  type LabelModuleBody,
  type MapStations,
  type MapStationsColumns,
  type MapStationsQuery,
  type MetaStationsQuery,
  type MyStationsQuery,
  type Project,
  type RegisterStationBody,
  type StationLinkParams,
  type StationModuleParams,
  type UpdateStationBody,
} from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { inAskedForm } from '../common/http/wants-columns.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ProjectsQueries } from '../projects/index.js';
import { LabelModuleCommand } from './commands/label-module/label-module.command.js';
import { LinkStationCommand } from './commands/link-station/link-station.command.js';
import { RegisterStationCommand } from './commands/register-station/register-station.command.js';
import { UnlinkStationCommand } from './commands/unlink-station/unlink-station.command.js';
import { UpdateStationCommand, updateStationInput } from './commands/update-station/update-station.command.js';
import { MapStationsQueries } from './queries/map-stations.queries.js';
import { StationAccessQueries } from '../access/index.js';
import { StationsQueries } from './queries/stations.queries.js';

@Controller()
export class StationsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly stations: StationsQueries,
    private readonly access: StationAccessQueries,
    private readonly projects: ProjectsQueries,
    private readonly maps: MapStationsQueries,
  ) {}

  @ApiRoute(routes.registerStation)
  async register(@CurrentActor() actor: Actor, @Input('body') body: RegisterStationBody) {
    authorize(actor, 'station.register', {});
    const { stationId } = await this.commands.execute(new RegisterStationCommand(body, commandMetadata(userIdOf(actor))));
    return this.stations.get(stationId, actor);
  }

  // Before GET /stations/{id}, which would otherwise take "map" for an id.
  @ApiRoute(routes.mapStations)
  async map(
    @CurrentActor() actor: Actor,
    @Input('query') query: MapStationsQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MapStations | MapStationsColumns> {
    if (query.project !== undefined) await this.projects.readable(query.project, actor);
    const bbox = query.bbox && { west: query.bbox[0], south: query.bbox[1], east: query.bbox[2], north: query.bbox[3] };
    const answer = await this.maps.list({ bbox, projectId: query.project, recentHours: query.recentHours }, actor);
    return inAskedForm(res, { format: query.format, accept }, answer, mapStationsToColumns);
  }

  @ApiRoute(routes.getStation)
  get(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    return this.stations.get(id, actor);
  }

  @ApiRoute(routes.updateStation)
  async update(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('body') body: UpdateStationBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    await this.access.authorize(actor, 'station.update', id);
    await this.commands.execute(
      new UpdateStationCommand(updateStationInput(id, body), version.value, commandMetadata(userIdOf(actor))),
      () => this.stations.get(id, actor),
    );
    return this.stations.get(id, actor);
  }

  @ApiRoute(routes.labelStationModule)
  async label(
    @CurrentActor() actor: Actor,
    @Input('params') { stationId, moduleId }: StationModuleParams,
    @Input('body') { label }: LabelModuleBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    await this.access.authorize(actor, 'station.update', stationId);
    await this.commands.execute(
      new LabelModuleCommand({ stationId, moduleId, label }, version.value, commandMetadata(userIdOf(actor))),
      () => this.stations.get(stationId, actor),
    );
    return this.stations.get(stationId, actor);
  }

  @ApiRoute(routes.associatedStations)
  associated(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    return this.stations.associated(id, actor);
  }

  @ApiRoute(routes.linkStation)
  async link(@CurrentActor() actor: Actor, @Input('params') { id, otherId }: StationLinkParams) {
    await this.access.authorize(actor, 'station.update', id);
    // One may only point at a station one can see (404 or the private-station 403 otherwise).
    await this.access.authorize(actor, 'station.read', otherId);
    await this.commands.execute(
      new LinkStationCommand({ stationId: id, otherStationId: otherId }, commandMetadata(userIdOf(actor))),
    );
  }

  @ApiRoute(routes.unlinkStation)
  async unlink(@CurrentActor() actor: Actor, @Input('params') { id, otherId }: StationLinkParams) {
    await this.access.authorize(actor, 'station.update', id);
    await this.commands.execute(
      new UnlinkStationCommand({ stationId: id, otherStationId: otherId }, commandMetadata(userIdOf(actor))),
    );
  }

  @ApiRoute(routes.myStations)
  async mine(@CurrentActor() actor: Actor, @Input('query') { limit }: MyStationsQuery) {
    authorize(actor, 'station.listMine', {});
    return this.stations.mine(userIdOf(actor), actor, limit);
  }

  @ApiRoute(routes.projectStations)
  async ofProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.projects.readable(id, actor);
    return { stations: await this.stations.ofProject(id, actor) };
  }

  @ApiRoute(routes.stationProjects)
  async projectsOf(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.access.authorize(actor, 'station.read', id);
    const projects: Project[] = [];
    for (const projectId of await this.stations.projectIdsOf(id)) {
      const found = await this.projects.getWithAccess(projectId, actor).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'not_found') return null; // deleted meanwhile
        throw error;
      });
      if (found && can(actor, 'project.read', found.access)) projects.push(found.project);
    }
    return { projects };
  }

  @ApiRoute(routes.stationsSensorMeta)
  sensorMeta(@CurrentActor() actor: Actor, @Input('query') { stations }: MetaStationsQuery) {
    return this.stations.sensorMeta(stations, actor);
  }
}
