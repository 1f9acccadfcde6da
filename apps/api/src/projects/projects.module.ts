import { Module } from '@nestjs/common';
import { CreateProjectHandler } from './commands/create-project/create-project.handler.js';
import { UpdateProjectHandler } from './commands/update-project/update-project.handler.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsQueries } from './queries/projects.queries.js';

const commandHandlers = [CreateProjectHandler, UpdateProjectHandler];
const queries = [ProjectsQueries];

@Module({ controllers: [ProjectsController], providers: [...commandHandlers, ...queries] })
export class ProjectsModule {}
