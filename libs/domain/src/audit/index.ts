export * from './audited-streams.js';
export * from './plain-state.js';
export * from './hidden-fields.js';
export * from './replay.js';
