export * from './export-format.js';
