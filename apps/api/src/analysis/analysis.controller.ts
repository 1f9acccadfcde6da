import { Controller, Inject, Req, Res } from '@nestjs/common';
import { ANALYSIS_MEDIA_TYPES, routes, type AnalysisQueryBody, type AnalysisSchema } from '@groundtruth/contracts';
import { DomainError, SENSOR_DEFINITIONS, type Actor } from '@groundtruth/domain';
import { APP_CONFIG, type AnalysisLimits, type AppConfig } from '@groundtruth/platform';
import type { Request, Response } from 'express';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { AnalysisEngine, type AnalysisFormat } from './analysis-engine.js';
import { ANALYSIS_TABLES } from './analysis-tables.js';
import { ReadableStations } from './readable-stations.js';

const FORMATS: Record<string, { format: AnalysisFormat; type: string }> = {
  [ANALYSIS_MEDIA_TYPES.json]: { format: 'JSON', type: 'application/json; charset=utf-8' },
  [ANALYSIS_MEDIA_TYPES.csv]: { format: 'CSVWithNames', type: 'text/csv; charset=utf-8; header=present' },
  [ANALYSIS_MEDIA_TYPES.jsonLines]: { format: 'JSONEachRow', type: 'application/jsonl; charset=utf-8' },
  'application/x-ndjson': { format: 'JSONEachRow', type: 'application/x-ndjson; charset=utf-8' },
};

const NEWLINE = 0x0a;
const countLines = (bytes: Uint8Array): number => {
  let n = 0;
  for (const b of bytes) if (b === NEWLINE) n++;
  return n;
};

/** Bulk analysis (issue 30): a researcher's read-only SQL over the stations they may read. */
@Controller()
export class AnalysisController {
  constructor(
    private readonly engine: AnalysisEngine,
    private readonly readable: ReadableStations,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = config.analysis;
  }

  private readonly limits: AnalysisLimits;

  /**
   * Streams the answer. Refusals come before the first byte (chDB makes the answer whole first, a
   * server is asked to), so they are coded 4xx answers; the row count and elapsed time follow the
   * body as trailers (and JSON carries them in its `rows` and `statistics`).
   */
  @ApiRoute(routes.analysisQuery)
  async query(
    @CurrentActor() actor: Actor,
    @Input('body') body: AnalysisQueryBody,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const accepted = req.accepts(Object.keys(FORMATS));
    const form = accepted === false ? undefined : FORMATS[accepted];
    if (!form) {
      throw new DomainError(
        'validation',
        'ANALYSIS.FORMAT_NOT_ACCEPTABLE',
        `Ask for ${Object.keys(FORMATS).join(', ')} in the Accept header.`,
      );
    }
    const started = performance.now();
    const sql = await this.engine.prepare(body.sql, actor);
    const parts = this.engine.run(sql, form.format)[Symbol.asyncIterator]();
    const first = await parts.next(); // throws a refusal before anything is sent
    let lines = 0;
    res.status(200);
    res.setHeader('Content-Type', form.type);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Trailer', 'X-Analysis-Rows, X-Analysis-Elapsed-Ms');
    try {
      for (let part = first; !part.done; part = await parts.next()) {
        lines += countLines(part.value);
        if (!res.write(part.value)) await new Promise((resolve) => res.once('drain', resolve));
      }
    } catch (error) {
      // Headers are gone: end the answer cut, and say so in the trailer rather than let it pass as whole.
      res.addTrailers({ 'X-Analysis-Rows': 'error', 'X-Analysis-Elapsed-Ms': String(Math.round(performance.now() - started)) });
      res.end();
      throw error;
    }
    const rows = form.format === 'CSVWithNames' ? Math.max(0, lines - 1) : form.format === 'JSONEachRow' ? lines : null;
    res.addTrailers({
      ...(rows === null ? {} : { 'X-Analysis-Rows': String(rows) }),
      'X-Analysis-Elapsed-Ms': String(Math.round(performance.now() - started)),
    });
    res.end();
  }

  @ApiRoute(routes.analysisSchema)
  async schema(@CurrentActor() actor: Actor): Promise<AnalysisSchema> {
    const { maxThreads: _threads, ...limits } = this.limits;
    return {
      tables: [...ANALYSIS_TABLES],
      limits,
      stations: await this.readable.of(actor),
      sensors: SENSOR_DEFINITIONS.filter((s) => !s.internal).map((s) => ({
        id: s.id,
        key: s.fullKey,
        unit: s.unitOfMeasure || null,
        aggregate: s.aggregation === 'max' ? ('max' as const) : ('mean' as const),
      })),
    };
  }
}
