import { Module } from '@nestjs/common';
import { ExportRunner } from './exports/export-runner.js';
import { ProjectorService } from './projector.service.js';

/**
 * The projector: follows the log and keeps the read models current, and runs export jobs.
 * Imported by the embedded app too.
 */
@Module({ providers: [ProjectorService, ExportRunner], exports: [ProjectorService, ExportRunner] })
export class ProjectorModule {}
