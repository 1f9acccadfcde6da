import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/index.js';
import { SensorsModule } from '../sensors/index.js';
import { StationAccessModule } from '../access/index.js';
import { AdminUploadsController } from './admin-uploads.controller.js';
import { ReprocessUploadsHandler } from './commands/reprocess-uploads/reprocess-uploads.handler.js';
import { AdminBackupController } from './backup/admin-backup.controller.js';
import { ReceiveIngestionHandler } from './commands/receive-ingestion/receive-ingestion.handler.js';
import { CsvImportController } from './csv/csv-import.controller.js';
import { IngestionController } from './ingestion.controller.js';
import { LorawanSettingsController } from './lorawan/lorawan-settings.controller.js';
import { LorawanWebhookController } from './lorawan/lorawan-webhook.controller.js';
import { LorawanWebhooksQueries } from './lorawan/lorawan-webhooks.queries.js';
import { WebhookOwners } from './lorawan/webhook-owners.js';
import { WebhookStations } from './lorawan/webhook-stations.js';
import { UploadStates } from './queries/upload-states.js';
import { RequestReprocessingHandler } from './commands/request-reprocessing/request-reprocessing.handler.js';
import { UploadReceiver } from './receive/upload-receiver.js';

/**
 * Station uploads, CSV imports and LoRaWAN uplinks (with the projects' webhook settings): receiving
 * them (the raw body stored, IngestionReceived appended), asking for reprocessing, and their states.
 * Processing them is the projector's (apps/projector/src/ingestion), which follows the log.
 */
@Module({
  imports: [ProjectsModule, SensorsModule, StationAccessModule],
  controllers: [
    AdminUploadsController,
    IngestionController,
    AdminBackupController,
    CsvImportController,
    LorawanSettingsController,
    LorawanWebhookController,
  ],
  providers: [
    ReceiveIngestionHandler,
    UploadReceiver,
    RequestReprocessingHandler,
    ReprocessUploadsHandler,
    UploadStates,
    LorawanWebhooksQueries,
    WebhookStations,
    WebhookOwners,
  ],
  exports: [UploadStates],
})
export class IngestionModule {}
