import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { ExportsModule } from '../exports/index.js';
import { ProjectsModule } from '../projects/index.js';
import { AuditController } from './audit.controller.js';
import { AuditAccess } from './queries/audit-access.js';
import { AuditHistoryQueries } from './queries/audit-history.queries.js';

/** Audit replay (issue 29): any stream's history, its state as of any event, correlations. */
@Module({
  imports: [ProjectsModule, StationAccessModule, ExportsModule],
  controllers: [AuditController],
  providers: [AuditAccess, AuditHistoryQueries],
  exports: [AuditHistoryQueries],
})
export class AuditModule {}
