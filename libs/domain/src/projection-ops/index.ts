export * from './projection-ops.js';
