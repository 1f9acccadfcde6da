import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/index.js';
import { ActivityController } from './activity.controller.js';
import { ActivityQueries } from './activity.queries.js';

/** The project activity feed: read only, from the `activity` projection. */
@Module({ imports: [ProjectsModule], controllers: [ActivityController], providers: [ActivityQueries] })
export class ActivityModule {}
