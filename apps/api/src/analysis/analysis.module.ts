import { Module } from '@nestjs/common';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisEngine } from './analysis-engine.js';
import { ReadableStations } from './readable-stations.js';

/** Bulk analysis: read-only SQL over the stations a person may read (docs/analysis.md). */
@Module({
  controllers: [AnalysisController],
  providers: [AnalysisEngine, ReadableStations],
})
export class AnalysisModule {}
