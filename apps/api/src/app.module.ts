import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, type Runtime } from '@groundtruth/platform';
import { ProjectorModule } from '@groundtruth/projector';
import { AccountsModule } from './accounts.module.js';
import { ActivityModule } from './activity/activity.module.js';
import { AggregateStreams } from './common/cqrs/aggregate-streams.js';
import { CommandGateway } from './common/cqrs/command-gateway.js';
import { PendingWritesInterceptor } from './common/cqrs/pending-writes.js';
import { ReadYourWrites } from './common/cqrs/read-your-writes.js';
import { BookmarksModule } from './bookmarks/bookmarks.module.js';
import { DevicesModule } from './devices/devices.module.js';
import { ExportsModule } from './exports/exports.module.js';
import { DocsController } from './docs/docs.controller.js';
import { IngestionModule } from './ingestion/ingestion.module.js';
import { MailModule } from './mail/mail.module.js';
import { MediaModule } from './media/media.module.js';
import { NotesModule } from './notes/notes.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ReadModels } from './read-models/read-models.js';
import { DemoCommunitySeeder } from './seed/demo-community.js';
import { DemoReadingsSeeder } from './seed/demo-readings.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { SensorsModule } from './sensors/sensors.module.js';
import { StationsModule } from './stations/stations.module.js';
import { StatusController } from './status/status.controller.js';
import { StatusService } from './status/status.service.js';

/** Shared by every feature module: the command path and the read side. */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    AggregateStreams,
    ReadYourWrites,
    CommandGateway,
    ReadModels,
    { provide: APP_INTERCEPTOR, useClass: PendingWritesInterceptor },
  ],
  exports: [CqrsModule, AggregateStreams, CommandGateway, ReadYourWrites, ReadModels],
})
export class CoreModule {}

export type AppOptions = {
  /** Embedded mode runs the projector in the same process (chDB allows one process per folder). */
  readonly projector: boolean;
};

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime, options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        { module: CoreModule, global: true },
        MailModule,
        MediaModule,
        { module: AccountsModule, global: true },
        ProjectsModule,
        ActivityModule,
        NotesModule,
        StationsModule,
        SensorsModule,
        IngestionModule.forRoot({ processing: options.projector }),
        DevicesModule,
        BookmarksModule,
        ExportsModule,
        // Global, so the command gateway can wake the projector after an append.
        ...(options.projector ? [{ module: ProjectorModule, global: true }] : []),
      ],
      controllers: [StatusController, DocsController],
      providers: [StatusService, DemoSeeder, DemoCommunitySeeder, DemoReadingsSeeder],
    };
  }
}
