import { Controller } from '@nestjs/common';
import { authorize, type Actor } from '@groundtruth/domain';
import { routes, type EditFieldNoteBody, type FieldNoteBody } from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { StationAccessQueries } from '../access/index.js';
import { AddFieldNoteCommand } from './commands/add-field-note/add-field-note.command.js';
import { DeleteFieldNoteCommand } from './commands/delete-field-note/delete-field-note.command.js';
import { EditFieldNoteCommand } from './commands/edit-field-note/edit-field-note.command.js';
import { FieldNotesQueries } from './queries/field-notes.queries.js';

/**
 * Field notes on a station: whoever may read the station and is signed in writes them; only the
 * author edits; the author or a site admin deletes. A note id in the path must be on that station.
 */
@Controller()
export class FieldNotesController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: FieldNotesQueries,
    private readonly access: StationAccessQueries,
  ) {}

  @ApiRoute(routes.listFieldNotes)
  async list(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.access.authorize(actor, 'station.read', id);
    return { notes: await this.queries.list(id, actor) };
  }

  /** The author is always the caller; a `userId` in the body is not looked at. */
  @ApiRoute(routes.addFieldNote)
  async add(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') { body }: FieldNoteBody) {
    await this.access.authorize(actor, 'station.addFieldNote', id);
    const authorId = userIdOf(actor);
    const { fieldNoteId } = await this.commands.execute(
      new AddFieldNoteCommand({ stationId: id, authorId, body }, commandMetadata(authorId)),
    );
    return this.queries.get(id, fieldNoteId, actor);
  }

  @ApiRoute(routes.editFieldNote)
  async edit(
    @CurrentActor() actor: Actor,
    @Input('params') { id, noteId }: { id: number; noteId: number },
    @Input('body') { body }: EditFieldNoteBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    await this.access.authorize(actor, 'station.read', id);
    const note = await this.queries.get(id, noteId, actor);
    authorize(actor, 'fieldNote.edit', { isAuthor: actor.kind === 'user' && actor.userId === note.userId });
    await this.commands.execute(
      new EditFieldNoteCommand({ fieldNoteId: noteId, stationId: id, body }, version.value, commandMetadata(userIdOf(actor))),
      () => this.queries.get(id, noteId, actor),
    );
    return this.queries.get(id, noteId, actor);
  }

  @ApiRoute(routes.deleteFieldNote)
  async delete(@CurrentActor() actor: Actor, @Input('params') { id, noteId }: { id: number; noteId: number }) {
    await this.deleteOne(actor, id, noteId);
  }

  @ApiRoute(routes.deleteStationFieldNote)
  async deleteFromStation(
    @CurrentActor() actor: Actor,
    @Input('params') { stationId, fieldNoteId }: { stationId: number; fieldNoteId: number },
  ) {
    await this.deleteOne(actor, stationId, fieldNoteId);
  }

  private async deleteOne(actor: Actor, stationId: number, fieldNoteId: number) {
    await this.access.authorize(actor, 'station.read', stationId);
    const note = await this.queries.get(stationId, fieldNoteId, actor);
    authorize(actor, 'fieldNote.delete', { isAuthor: actor.kind === 'user' && actor.userId === note.userId });
    await this.commands.execute(new DeleteFieldNoteCommand({ fieldNoteId, stationId }, commandMetadata(userIdOf(actor))));
  }
}
