export * from './catalogue.js';
export * from './chart-query.js';
