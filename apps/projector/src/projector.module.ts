import { Module } from '@nestjs/common';
import { ProjectorService } from './projector.service.js';

/** The projector: follows the log and keeps the read models current. Imported by the embedded app too. */
@Module({ providers: [ProjectorService], exports: [ProjectorService] })
export class ProjectorModule {}
