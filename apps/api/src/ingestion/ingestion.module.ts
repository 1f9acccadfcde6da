import { Module } from '@nestjs/common';
import { ConfigureModulesHandler } from '../stations/commands/configure-modules/configure-modules.handler.js';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { AdminBackupController } from './backup/admin-backup.controller.js';
import { ReceiveIngestionHandler } from './commands/receive-ingestion/receive-ingestion.handler.js';
import { RecordProcessingHandler } from './commands/record-processing/record-processing.handler.js';
import { CsvImportController } from './csv/csv-import.controller.js';
import { StationUpdateFirst } from './csv/station-update-first.guard.js';
import { ImportModules } from './imports/import-modules.js';
import { ImportedReadings } from './imports/imported-readings.js';
import { IngestionController } from './ingestion.controller.js';
import { IngestionProcessor } from './processing/ingestion-processor.js';

/** Station uploads and CSV imports: receiving, processing into readings and station modules, reprocessing. */
@Module({
  controllers: [IngestionController, AdminBackupController, CsvImportController],
  // ConfigureModulesHandler belongs to the stations feature; uploads and imports are its only callers so far.
  providers: [
    ReceiveIngestionHandler,
    RecordProcessingHandler,
    ConfigureModulesHandler,
    IngestionProcessor,
    ImportedReadings,
    ImportModules,
    StationAccessQueries,
    StationUpdateFirst,
  ],
})
export class IngestionModule {}
