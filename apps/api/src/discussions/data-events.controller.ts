import { Controller } from '@nestjs/common';
import { authorize, DomainError, type Actor, type DataEventScope } from '@groundtruth/domain';
import {
  routes,
  type DataEvent,
  type DataEventList,
  type DataEventsQuery,
  type EditDataEventBody,
  type NewDataEventBody,
} from '@groundtruth/contracts';
import { StationAccessQueries } from '../access/index.js';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { CreateDataEventCommand } from './commands/create-data-event/create-data-event.command.js';
import { DeleteDataEventCommand } from './commands/delete-data-event/delete-data-event.command.js';
import { EditDataEventCommand } from './commands/edit-data-event/edit-data-event.command.js';
import { PostPlaces, targetOf } from './post-places.js';
import { DataEventsQueries } from './queries/data-events.queries.js';

/** Data events (spec §7 Discussion and events): marked by project Administrators and site admins. */
@Controller()
export class DataEventsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: DataEventsQueries,
    private readonly places: PostPlaces,
    private readonly stations: StationAccessQueries,
  ) {}

  @ApiRoute(routes.dataEvents)
  async list(@CurrentActor() actor: Actor, @Input('query') q: DataEventsQuery): Promise<DataEventList> {
    if (q.bookmark !== undefined && q.stations === undefined) {
      await this.places.read(actor, { projectId: null, bookmark: q.bookmark });
      return { events: await this.queries.ofBookmark(q.bookmark, actor) };
    }
    if (q.stations === undefined || q.bookmark !== undefined)
      throw DomainError.validation('DATA_EVENT.QUERY', { stations: 'Ask by bookmark or by stations, one of them.' });
    const ids = [...new Set(q.stations.split(',').map(Number))];
    // Only about stations the asker may read: a chart of them is the only place these are drawn.
    await this.stations.authorizeReadAll(ids, actor);
    return { events: await this.queries.aboutStations(ids, actor) };
  }

  @ApiRoute(routes.projectDataEvents)
  async ofProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<DataEventList> {
    await this.places.read(actor, { projectId: id, bookmark: null });
    return { events: await this.queries.ofProject(id, actor) };
  }

  @ApiRoute(routes.createDataEvent)
  async create(@CurrentActor() actor: Actor, @Input('body') { event }: NewDataEventBody) {
    const authorId = userIdOf(actor);
    const target = targetOf(event.projectId, event.bookmark);
    await this.places.markEvent(actor, target);
    const scope: DataEventScope =
      event.allProjectSensors && target.projectId !== null
        ? { kind: 'project', projectId: target.projectId }
        : { kind: 'sensors', sensors: event.sensors };
    if (event.allProjectSensors && target.projectId === null)
      throw DomainError.validation('DATA_EVENT.PROJECT_REQUIRED', {
        allProjectSensors: 'An event about all project sensors needs the project.',
      });
    // Scoped events name stations the author may read, so nobody learns of a station through an event.
    if (scope.kind === 'sensors')
      await this.stations.authorizeReadAll([...new Set(scope.sensors.map((s) => s.stationId))], actor);
    const { eventId } = await this.commands.execute(
      new CreateDataEventCommand(
        {
          authorId,
          projectId: target.projectId,
          bookmark: target.bookmark,
          scope,
          title: event.title,
          description: event.description,
          start: event.start,
          end: event.end,
        },
        commandMetadata(authorId),
      ),
    );
    return { event: await this.queries.one(eventId, actor) };
  }

  @ApiRoute(routes.editDataEvent)
  async edit(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') body: EditDataEventBody) {
    const event = await this.readable(actor, id);
    const role = event.projectId === null ? null : (await this.places.access(actor, event.projectId)).role;
    authorize(actor, 'dataEvent.edit', { isAuthor: event.author.id === userIdOf(actor), role });
    const { allProjectSensors, sensors, ...fields } = body;
    let scope: DataEventScope | undefined;
    if (allProjectSensors === true) {
      if (event.projectId === null)
        throw DomainError.validation('DATA_EVENT.PROJECT_REQUIRED', {
          allProjectSensors: 'An event about all project sensors needs the project.',
        });
      scope = { kind: 'project', projectId: event.projectId };
    } else if (allProjectSensors === false || sensors !== undefined) {
      scope = { kind: 'sensors', sensors: sensors ?? [] };
      await this.stations.authorizeReadAll([...new Set(scope.sensors.map((s) => s.stationId))], actor);
    }
    await this.commands.execute(
      new EditDataEventCommand(
        { eventId: id, ...fields, ...(scope ? { scope } : {}), byAdministrator: event.author.id !== userIdOf(actor) },
        commandMetadata(userIdOf(actor)),
      ),
    );
    return { event: await this.queries.one(id, actor) };
  }

  @ApiRoute(routes.deleteDataEvent)
  async delete(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const event = await this.readable(actor, id);
    authorize(actor, 'post.delete', { isAuthor: event.author.id === userIdOf(actor) });
    await this.commands.execute(
      new DeleteDataEventCommand({ eventId: id, byModerator: false }, commandMetadata(userIdOf(actor))),
    );
  }

  /** The decider refuses anyone but the author; first, nothing is said of an event the asker may not read. */
  private async readable(actor: Actor, eventId: number): Promise<DataEvent> {
    userIdOf(actor);
    const event = await this.queries.one(eventId, actor);
    await this.places.read(
      actor,
      event.projectId !== null
        ? { projectId: event.projectId, bookmark: null }
        : { projectId: null, bookmark: event.bookmark ?? '' },
    );
    return event;
  }
}
