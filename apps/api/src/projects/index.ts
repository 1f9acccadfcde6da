/**
 * Projects: their details, team, updates and stations. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { AddProjectStationCommand } from './commands/add-station/add-station.command.js';
export { CreateProjectCommand, type CreateProjectInput } from './commands/create-project/create-project.command.js';
export { PostProjectUpdateCommand } from './commands/post-update/post-update.command.js';
export { ProjectsModule } from './projects.module.js';
export { ProjectsQueries } from './queries/projects.queries.js';
