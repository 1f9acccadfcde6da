export * from './catalogue.js';
export * from './chart-query.js';
export * from './module-names.js';
