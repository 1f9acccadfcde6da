export * from './kernel/index.js';
export * from './projects/index.js';
export * from './stations/index.js';
export * from './notes/index.js';
export * from './users/index.js';
export * from './sessions/index.js';
export * from './access/index.js';
export * from './sensors/index.js';
