import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { PROJECTOR_WAKE, RuntimeModule, projectorElsewhere, type ProjectorWake, type Runtime } from '@groundtruth/platform';
import { ExportRunner, ProjectorModule, ProjectorService } from '@groundtruth/projector';
import { AccountsModule } from './accounts/accounts.module.js';
import { ActivityModule } from './activity/activity.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AggregateStreams } from './common/cqrs/aggregate-streams.js';
import { CommandGateway } from './common/cqrs/command-gateway.js';
import { DeciderCommandHandler } from './common/cqrs/decider-command.js';
import { PendingWritesInterceptor } from './common/cqrs/pending-writes.js';
import { VersionEtagInterceptor } from './common/http/version-etag.js';
import { ReadYourWrites } from './common/cqrs/read-your-writes.js';
import { ResponseContractCheck } from './common/http/response-contract.js';
import { BookmarksModule } from './bookmarks/bookmarks.module.js';
import { DiscussionsModule } from './discussions/discussions.module.js';
import { DevicesModule } from './devices/devices.module.js';
import { ExportsModule } from './exports/exports.module.js';
import { AnalysisModule } from './analysis/analysis.module.js';
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
import { AdminProjectionsController } from './status/admin-projections.controller.js';
import { AdminLogsController } from './status/admin-logs.controller.js';
import { ProjectionOpsController } from './status/projection-ops.controller.js';
import { AdminLogQueries } from './status/queries/admin-logs.queries.js';
import { ProjectionOpsQueries } from './status/queries/projection-ops.queries.js';
import { StatusService } from './status/status.service.js';

/** Shared by every feature module: the command path and the read side. */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    AggregateStreams,
    DeciderCommandHandler,
    ReadYourWrites,
    CommandGateway,
    ReadModels,
    { provide: APP_INTERCEPTOR, useClass: PendingWritesInterceptor },
    { provide: APP_INTERCEPTOR, useClass: VersionEtagInterceptor },
  ],
  exports: [CqrsModule, AggregateStreams, CommandGateway, ReadYourWrites, ReadModels],
})
export class CoreModule {}

export type AppOptions = {
  /** Embedded mode runs the projector in the same process (chDB allows one process per folder). */
  readonly projector: boolean;
  /** Check every answer against its route contract (the end-to-end tests turn it on). */
  readonly checkResponses?: boolean;
};

/**
 * The one place the API meets the projector (this is a composition root): embedded, the wake port
 * starts the projector's runners in this process; in server mode it does nothing.
 */
@Module({})
export class ProjectorWakeModule {
  static forRoot(options: AppOptions): DynamicModule {
    const wake = options.projector
      ? {
          provide: PROJECTOR_WAKE,
          inject: [ProjectorService, ExportRunner],
          useFactory: (projector: ProjectorService, exports: ExportRunner): ProjectorWake => ({
            projections: () => projector.wake(),
            exports: () => exports.wake(),
          }),
        }
      : { provide: PROJECTOR_WAKE, useValue: projectorElsewhere };
    return { module: ProjectorWakeModule, global: true, providers: [wake], exports: [PROJECTOR_WAKE] };
  }
}

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
        IngestionModule,
        DevicesModule,
        BookmarksModule,
        ExportsModule,
        AnalysisModule,
        DiscussionsModule,
        AuditModule,
        // Global, so the wake below can reach the projector's services.
        ...(options.projector ? [{ module: ProjectorModule, global: true }] : []),
        ProjectorWakeModule.forRoot(options),
      ],
      controllers: [StatusController, AdminProjectionsController, AdminLogsController, ProjectionOpsController, DocsController],
      providers: [
        StatusService,
        ProjectionOpsQueries,
        AdminLogQueries,
        DemoSeeder,
        DemoCommunitySeeder,
        DemoReadingsSeeder,
        // Registered after PendingWritesInterceptor, so it runs inside it and sees the handler's own answer.
        ...(options.checkResponses ? [{ provide: APP_INTERCEPTOR, useClass: ResponseContractCheck }] : []),
      ],
    };
  }
}
