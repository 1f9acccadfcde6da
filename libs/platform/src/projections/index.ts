export * from './projection.js';
export * from './checkpoints.js';
export * from './tables.js';
export * from './projection-runner.js';
export * from './rebuild.js';
export * from './checkpoint-waiter.js';
export * from './rows.js';
export * from './log-watcher.js';
