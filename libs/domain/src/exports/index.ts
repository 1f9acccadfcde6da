export * from './export-format.js';
export * from './export.events.js';
export * from './export.decider.js';
