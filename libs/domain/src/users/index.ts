export * from './user.rules.js';
export * from './user.events.js';
export * from './user.commands.js';
export * from './user.decider.js';
export * from './proof-of-person.js';
