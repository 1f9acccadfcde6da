import { Module } from '@nestjs/common';
import { ProjectsQueries } from '../projects/queries/projects.queries.js';
import { ActivityController } from './activity.controller.js';
import { ActivityQueries } from './activity.queries.js';

/** The project activity feed: read only, from the `activity` projection. */
@Module({ controllers: [ActivityController], providers: [ActivityQueries, ProjectsQueries] })
export class ActivityModule {}
