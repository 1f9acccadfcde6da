export * from './reading-batch.js';
export * from './readings-of.js';
export * from './reading-time.js';
export * from './csv-text.js';
export * from './csv-readings.js';
export * from './readings-versions.js';
export * from './import-ids.js';
