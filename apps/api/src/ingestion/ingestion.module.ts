import { Module } from '@nestjs/common';
import { ConfigureModulesHandler } from '../stations/commands/configure-modules/configure-modules.handler.js';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { AdminBackupController } from './backup/admin-backup.controller.js';
import { ReceiveIngestionHandler } from './commands/receive-ingestion/receive-ingestion.handler.js';
import { RecordProcessingHandler } from './commands/record-processing/record-processing.handler.js';
import { IngestionController } from './ingestion.controller.js';
import { IngestionProcessor } from './processing/ingestion-processor.js';

/** Station uploads: receiving, processing into readings and station modules, reprocessing. */
@Module({
  controllers: [IngestionController, AdminBackupController],
  // ConfigureModulesHandler belongs to the stations feature; uploads are its only caller so far.
  providers: [
    ReceiveIngestionHandler,
    RecordProcessingHandler,
    ConfigureModulesHandler,
    IngestionProcessor,
    StationAccessQueries,
  ],
})
export class IngestionModule {}
