export * from './wire.js';
export * from './fk-data.js';
export * from './data-scan.js';
export * from './data-write.js';
