import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { ExportJobs } from './export-jobs.js';
import { ExportsController } from './exports.controller.js';

/** Data exports: queued and served here, run by the projector's ExportRunner. */
@Module({ imports: [StationAccessModule], controllers: [ExportsController], providers: [ExportJobs], exports: [ExportJobs] })
export class ExportsModule {}
