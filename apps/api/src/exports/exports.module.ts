import { Module } from '@nestjs/common';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { ExportJobs } from './export-jobs.js';
import { ExportsController } from './exports.controller.js';

/** Data exports: queued and served here, run by the projector's ExportRunner. */
@Module({ controllers: [ExportsController], providers: [ExportJobs, StationAccessQueries] })
export class ExportsModule {}
