export * from './wire.js';
export * from './fk-data.js';
