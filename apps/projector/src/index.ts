export * from './projector.module.js';
export * from './projector.service.js';
export * from './projections/index.js';
export * from './run-process.js';
export * from './exports/export-runner.js';
export * from './ingestion/ingestion-process-manager.js';
