import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { BookmarksModule } from '../bookmarks/index.js';
import { ProjectsModule } from '../projects/index.js';
import { AcknowledgeReportHandler } from './commands/acknowledge-report/acknowledge-report.handler.js';
import { CreateDataEventHandler } from './commands/create-data-event/create-data-event.handler.js';
import { CreatePostHandler } from './commands/create-post/create-post.handler.js';
import { ReportPostHandler } from './commands/report-post/report-post.handler.js';
import { DataEventsController } from './data-events.controller.js';
import { DiscussionsController } from './discussions.controller.js';
import { LiveNotifications } from './live/live-notifications.js';
import { NotificationsGateway } from './live/notifications.gateway.js';
import { ModerationController } from './moderation.controller.js';
import { NotificationsController } from './notifications.controller.js';
import { PostPlaces } from './post-places.js';
import { DataEventsQueries } from './queries/data-events.queries.js';
import { DiscussionsQueries } from './queries/discussions.queries.js';
import { ModerationQueries } from './queries/moderation.queries.js';
import { NotificationsQueries } from './queries/notifications.queries.js';

const commandHandlers = [CreatePostHandler, CreateDataEventHandler, ReportPostHandler, AcknowledgeReportHandler];
const queries = [DiscussionsQueries, DataEventsQueries, NotificationsQueries, ModerationQueries];

/** Discussions, data events, notifications (with the live socket) and moderation (issue 27). */
@Module({
  imports: [ProjectsModule, BookmarksModule, StationAccessModule],
  controllers: [DiscussionsController, DataEventsController, NotificationsController, ModerationController],
  providers: [...commandHandlers, ...queries, PostPlaces, LiveNotifications, NotificationsGateway],
})
export class DiscussionsModule {}
