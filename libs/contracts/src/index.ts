export * from './common/errors.contract.js';
export * from './common/params.contract.js';
export * from './projects/projects.contract.js';
export * from './status/status.contract.js';
export * from './http/route.js';
export * from './http/openapi.js';
export * from './routes.js';
