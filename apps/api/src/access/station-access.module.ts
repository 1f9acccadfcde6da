import { Module } from '@nestjs/common';
import { StationAccessQueries } from './station-access.js';

/**
 * Who may read a station (StationAccessQueries), for every feature that checks it. A module of its
 * own rather than an export of StationsModule: projects check stations too, and StationsModule
 * imports ProjectsModule.
 */
@Module({ providers: [StationAccessQueries], exports: [StationAccessQueries] })
export class StationAccessModule {}
