import { Module } from '@nestjs/common';
import { ReadingsVersionsModule, SensorAggregates } from '@groundtruth/platform';
import { ExportRunner } from './exports/export-runner.js';
import { ImportedReadings } from './ingestion/imports/imported-readings.js';
import { ImportModules } from './ingestion/imports/import-modules.js';
import { IngestionAppends } from './ingestion/ingestion-appends.js';
import { IngestionProcessManager } from './ingestion/ingestion-process-manager.js';
import { IngestionProcessor } from './ingestion/ingestion-processor.js';
import { MetaUploads } from './ingestion/meta-uploads.js';
import { ReadingsWriter } from './ingestion/readings/readings-writer.js';
import { StationReadingsSummary } from './ingestion/readings/station-readings-summary.js';
import { ProjectionOps } from './projection-ops/projection-ops.js';
import { ProjectorService } from './projector.service.js';

const ingestionProcessing = [
  IngestionProcessManager,
  IngestionProcessor,
  IngestionAppends,
  MetaUploads,
  ImportedReadings,
  ImportModules,
  ReadingsWriter,
  StationReadingsSummary,
  SensorAggregates,
];

/**
 * The projector: follows the log and keeps the read models current, runs export jobs, and processes
 * uploads (the ingestion process manager). Needs only the runtime's named providers
 * (RuntimeModule); imported by the embedded app too.
 */
@Module({
  imports: [ReadingsVersionsModule],
  providers: [ProjectorService, ProjectionOps, ExportRunner, ...ingestionProcessing],
  exports: [ProjectorService, ProjectionOps, ExportRunner, IngestionProcessManager],
})
export class ProjectorModule {}
