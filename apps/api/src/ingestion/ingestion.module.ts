import { Module, type DynamicModule } from '@nestjs/common';
import { ProjectsModule } from '../projects/index.js';
import { SensorsModule } from '../sensors/index.js';
import { StationAccessModule } from '../access/index.js';
import { AdminBackupController } from './backup/admin-backup.controller.js';
import { ReceiveIngestionHandler } from './commands/receive-ingestion/receive-ingestion.handler.js';
import { RecordProcessingHandler } from './commands/record-processing/record-processing.handler.js';
import { CsvImportController } from './csv/csv-import.controller.js';
import { ImportModules } from './imports/import-modules.js';
import { ImportedReadings } from './imports/imported-readings.js';
import { IngestionController } from './ingestion.controller.js';
import { LorawanSettingsController } from './lorawan/lorawan-settings.controller.js';
import { LorawanWebhookController } from './lorawan/lorawan-webhook.controller.js';
import { LorawanWebhooksQueries } from './lorawan/lorawan-webhooks.queries.js';
import { WebhookOwners } from './lorawan/webhook-owners.js';
import { WebhookStations } from './lorawan/webhook-stations.js';
import { IngestionProcessor } from './processing/ingestion-processor.js';
import { IngestionProcessManager } from './processing/ingestion-process-manager.js';
import { UploadStates } from './queries/upload-states.js';
import { RequestReprocessingHandler } from './commands/request-reprocessing/request-reprocessing.handler.js';
import { UploadReceiver } from './receive/upload-receiver.js';

/**
 * Station uploads, CSV imports and LoRaWAN uplinks (with the projects' webhook settings):
 * receiving, processing into readings and station modules, reprocessing. `forRoot({ processing })`
 * adds the ingestion process manager: where the projector runs (embedded mode, or the server-mode
 * projector process), never in an API-only process.
 */
@Module({
  imports: [ProjectsModule, SensorsModule, StationAccessModule],
  controllers: [
    IngestionController,
    AdminBackupController,
    CsvImportController,
    LorawanSettingsController,
    LorawanWebhookController,
  ],
  providers: [
    ReceiveIngestionHandler,
    UploadReceiver,
    RecordProcessingHandler,
    RequestReprocessingHandler,
    UploadStates,
    IngestionProcessor,
    ImportedReadings,
    ImportModules,
    LorawanWebhooksQueries,
    WebhookStations,
    WebhookOwners,
  ],
})
export class IngestionModule {
  static forRoot(options: { readonly processing: boolean }): DynamicModule {
    return {
      module: IngestionModule,
      providers: options.processing ? [IngestionProcessManager] : [],
      exports: [UploadStates, ...(options.processing ? [IngestionProcessManager] : [])],
    };
  }
}
