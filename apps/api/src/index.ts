export * from './bootstrap.js';
export * from './app.module.js';
export { demoProjects } from './seed/demo-seeder.js';
