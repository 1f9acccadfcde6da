export * from './subject-keys.js';
export * from './sealing-event-store.js';
