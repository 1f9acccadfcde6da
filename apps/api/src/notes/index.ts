/**
 * Station notes, media and field notes. What other features may use (the demo seeder writes notes).
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { AddFieldNoteCommand } from './commands/add-field-note/add-field-note.command.js';
export { AddStationMediaCommand } from './commands/add-station-media/add-station-media.command.js';
export { ChooseStationImageCommand } from './commands/choose-station-image/choose-station-image.command.js';
export { SaveStationNotesCommand } from './commands/save-station-notes/save-station-notes.command.js';
