import { createReadStream } from 'node:fs';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import {
  routes,
  type ExportFormat,
  type ExportHistory,
  type ExportJob,
  type ExportQuery,
  type ExportTokenParams,
} from '@groundtruth/contracts';
import { DomainError, exportRefusal, type Actor } from '@groundtruth/domain';
import { APP_CONFIG, exportFilePath, PROJECTOR_WAKE, type AppConfig, type ProjectorWake } from '@groundtruth/platform';
import type { Request, Response } from 'express';
import { CurrentActor } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { StationAccessQueries } from '../access/index.js';
import { expired, ExportJobs } from './export-jobs.js';

const userOf = (actor: Actor): number => {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Sign in to export data.');
  return actor.userId;
};

/** Flood partner mode, as the web app decides it (reference: the host contains `floodnet.`). */
const floodMode = (req: Request): boolean => req.hostname.includes('floodnet.');

/** Data exports (spec §7 /export/*): the API queues and serves them; the projector runs them. */
@Controller()
export class ExportsController {
  constructor(
    private readonly jobs: ExportJobs,
    private readonly access: StationAccessQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTOR_WAKE) private readonly wake: ProjectorWake,
  ) {}

  @ApiRoute(routes.exportCsv)
  csv(@CurrentActor() actor: Actor, @Input('query') query: ExportQuery, @Req() req: Request) {
    return this.start('csv', actor, query, req);
  }

  @ApiRoute(routes.exportJsonLines)
  jsonLines(@CurrentActor() actor: Actor, @Input('query') query: ExportQuery, @Req() req: Request) {
    return this.start('json-lines', actor, query, req);
  }

  private async start(format: ExportFormat, actor: Actor, query: ExportQuery, req: Request): Promise<ExportJob> {
    const owner = userOf(actor);
    const stations = [...new Set(query.stations)];
    const off = exportRefusal({ floodMode: floodMode(req), modelNames: [] });
    if (off) throw off;
    // Readable first: a private station's model is not the caller's to learn through a refusal.
    await this.access.authorizeReadAll(stations, actor);
    const refused = exportRefusal({ floodMode: false, modelNames: await this.jobs.modelNames(stations) });
    if (refused) throw refused;
    const job = await this.jobs.queue(owner, format, query, commandMetadata(owner));
    this.wake.exports();
    return job;
  }

  @ApiRoute(routes.exportHistory)
  async history(@CurrentActor() actor: Actor): Promise<ExportHistory> {
    return { exports: await this.jobs.history(userOf(actor)) };
  }

  @ApiRoute(routes.exportStatus)
  status(@CurrentActor() actor: Actor, @Input('params') params: ExportTokenParams): Promise<ExportJob> {
    return this.jobs.get(userOf(actor), params.token);
  }

  /**
   * The file, to its owner, while every station in it is still readable by them (a station made
   * private since the export ran is a 403: its data never leaves through an export), until it
   * expires (EXPORT_RETENTION_DAYS; then a 410).
   */
  @ApiRoute(routes.exportDownload)
  async download(@CurrentActor() actor: Actor, @Input('params') params: ExportTokenParams, @Res() res: Response): Promise<void> {
    const job = await this.jobs.get(userOf(actor), params.token);
    if (job.state === 'expired') throw expired(job);
    if (job.state !== 'done') throw new DomainError('conflict', 'EXPORT.NOT_READY', `This export is ${job.state}, not done.`);
    await this.access.authorizeReadAll(job.query.stations, actor);
    const path = exportFilePath(this.config.dataDir, job.token, job.format);
    res.status(200);
    res.attachment(job.fileName); // before the type: it sets one from the file name
    res.setHeader(
      'Content-Type',
      job.format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/jsonl; charset=utf-8',
    );
    if (job.size !== null) res.setHeader('Content-Length', String(job.size));
    await this.jobs.markDownloaded(job.id);
    await new Promise<void>((resolve, reject) => {
      const file = createReadStream(path);
      file.on('error', reject);
      res.on('finish', resolve);
      res.on('close', resolve);
      file.pipe(res);
    });
  }
}
