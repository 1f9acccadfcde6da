import { Controller, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, isNoteKey, noteMessages, type Actor } from '@groundtruth/domain';
import { routes, type SaveStationNotesBody } from '@groundtruth/contracts';
import type { Request, Response } from 'express';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { MediaStore } from '../media/index.js';
import { sendMedia } from '../media/index.js';
import { AuthorizeStationFirst } from '../access/index.js';
import { StationAccessQueries } from '../access/index.js';
import { AddStationMediaCommand } from './commands/add-station-media/add-station-media.command.js';
import { ChooseStationImageCommand } from './commands/choose-station-image/choose-station-image.command.js';
import { RemoveStationMediaCommand } from './commands/remove-station-media/remove-station-media.command.js';
import { SaveStationNotesCommand } from './commands/save-station-notes/save-station-notes.command.js';
import { StationNotesQueries, toMediaItem } from './queries/station-notes.queries.js';

const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
const mediaNotFound = () => new DomainError('not_found', 'MEDIA.NOT_FOUND', noteMessages.mediaNotFound);

/**
 * The five station notes and a station's photos and recordings. Every call first needs the station
 * to be readable by the asker (a private station is spec §8's 403); writing notes and note media
 * takes `station.writeNotes`, station photos and the station image `station.update`.
 */
@Controller()
export class StationNotesController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: StationNotesQueries,
    private readonly access: StationAccessQueries,
    private readonly media: MediaStore,
  ) {}

  @ApiRoute(routes.getStationNotes)
  async get(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const resource = await this.access.authorize(actor, 'station.read', id);
    return this.queries.notesOf(id, actor, resource);
  }

  @ApiRoute(routes.saveStationNotes)
  async save(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('body') body: SaveStationNotesBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    const resource = await this.access.authorize(actor, 'station.writeNotes', id);
    await this.commands.execute(
      new SaveStationNotesCommand({ stationId: id, ...body, version: version.value }, commandMetadata(userIdOf(actor))),
      () => this.queries.notesOf(id, actor, resource),
    );
    return this.queries.notesOf(id, actor, resource);
  }

  @ApiRoute(routes.uploadStationMedia)
  // From the headers and query, before the file is read: note media go with the notes, photos with the station.
  @AuthorizeStationFirst((req) => (isNoteKey(req.query['key']) ? 'station.writeNotes' : 'station.update'))
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_MAX_BYTES, files: 1 } }))
  async upload(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') { key }: { key?: string },
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ) {
    const noteKey = isNoteKey(key) ? key : null;
    if (!file?.buffer.length) throw DomainError.validation('MEDIA.NO_FILE', { file: 'Choose a file to upload.' });
    const { mediaId } = await this.commands.execute(
      new AddStationMediaCommand({ stationId: id, noteKey, bytes: file.buffer }, commandMetadata(userIdOf(actor))),
    );
    const row = await this.queries.media(mediaId);
    if (!row) throw mediaNotFound();
    return toMediaItem(row);
  }

  @ApiRoute(routes.stationMedia)
  async serve(
    @CurrentActor() actor: Actor,
    @Input('params') { id, mediaId }: { id: number; mediaId: number },
    @Input('query') { size }: { size?: number },
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const resource = await this.access.authorize(actor, 'station.read', id);
    const row = await this.queries.media(mediaId);
    if (!row || Number(row.station_id) !== id) throw mediaNotFound();
    // A photo that will not resize is still served as it is.
    const media = await this.media.read(row.media_key, size).catch(() => this.media.read(row.media_key));
    sendMedia(req, res, media, resource.isPublic ? 'public' : 'private');
  }

  @ApiRoute(routes.setStationImage)
  async setImage(@CurrentActor() actor: Actor, @Input('params') { id, mediaId }: { id: number; mediaId: number }) {
    const resource = await this.access.authorize(actor, 'station.update', id);
    await this.commands.execute(new ChooseStationImageCommand({ stationId: id, mediaId }, commandMetadata(userIdOf(actor))));
    return this.queries.notesOf(id, actor, resource);
  }

  /**
   * Note media goes with the notes (`station.writeNotes`); a station photo, and whatever photo is
   * the station image now, with the station (`station.update`).
   */
  @ApiRoute(routes.deleteStationMedia)
  async remove(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const row = await this.queries.media(id);
    if (!row) throw mediaNotFound();
    const stationId = Number(row.station_id);
    const noteMedia = row.key !== null && !row.is_station_image;
    await this.access.authorize(actor, noteMedia ? 'station.writeNotes' : 'station.update', stationId);
    await this.commands.execute(new RemoveStationMediaCommand({ stationId, mediaId: id }, commandMetadata(userIdOf(actor))));
  }
}
