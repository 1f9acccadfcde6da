export * from './project.events.js';
export * from './project.commands.js';
export * from './project.rules.js';
export * from './project.decider.js';
export * from './project.versions.js';
export * from './project.upcasters.js';
