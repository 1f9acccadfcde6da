export * from './session.events.js';
export * from './session.commands.js';
export * from './session.decider.js';
