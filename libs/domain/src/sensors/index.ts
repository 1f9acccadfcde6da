export * from './catalogue.js';
export * from './chart-query.js';
export * from './module-names.js';
export * from './station-sensors.js';
export * from './range-cover.js';
export * from './shortest-float.js';
export * from './aggregate-build.js';
export * from './axes.js';
