import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { AddFieldNoteHandler } from './commands/add-field-note/add-field-note.handler.js';
import { AddStationMediaHandler } from './commands/add-station-media/add-station-media.handler.js';
import { RemoveStationMediaHandler } from './commands/remove-station-media/remove-station-media.handler.js';
import { SaveStationNotesHandler } from './commands/save-station-notes/save-station-notes.handler.js';
import { FieldNotesController } from './field-notes.controller.js';
import { FieldNotesQueries } from './queries/field-notes.queries.js';
import { StationNotesQueries } from './queries/station-notes.queries.js';
import { StationNotesController } from './station-notes.controller.js';

const commandHandlers = [SaveStationNotesHandler, AddStationMediaHandler, RemoveStationMediaHandler, AddFieldNoteHandler];
const queries = [StationNotesQueries, FieldNotesQueries];

@Module({
  imports: [StationAccessModule],
  controllers: [StationNotesController, FieldNotesController],
  providers: [...commandHandlers, ...queries],
})
export class NotesModule {}
