export * from './station-notes.rules.js';
export * from './station-notes.events.js';
export * from './station-notes.commands.js';
export * from './station-notes.decider.js';
export * from './field-note.rules.js';
export * from './field-note.events.js';
export * from './field-note.commands.js';
export * from './field-note.decider.js';
