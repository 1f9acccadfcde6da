export * from './wire.js';
export * from './fk-data.js';
export * from './data-scan.js';
