import { Controller, Res } from '@nestjs/common';
import { authorize, type Actor } from '@groundtruth/domain';
import { routes, type AdminUploadRow, type AdminUploadsQuery, type BulkResult } from '@groundtruth/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { listAnswer, orderBy } from '../common/http/list-answer.js';
import { idArray, ReadModels } from '../read-models/read-models.js';
import { UPLOAD_STATE_SQL } from '../read-models/upload-state.js';
import { toUpload, UPLOAD_COLUMNS, type UploadRow } from '../stations/index.js';
import { ReprocessUploadsCommand } from './commands/reprocess-uploads/reprocess-uploads.command.js';

type Query = z.output<typeof AdminUploadsQuery>;
type Row = UploadRow & {
  station_id: string;
  version: number;
  records: number | null;
  readings: number | null;
  error: string | null;
};

/** The console's uploads: each with its processing state and errors, and Process for many at once. */
@Controller()
export class AdminUploadsController {
  constructor(
    private readonly readModels: ReadModels,
    private readonly commands: CommandGateway,
  ) {}

  @ApiRoute(routes.adminListUploads)
  async list(@CurrentActor() actor: Actor, @Input('query') query: Query, @Res({ passthrough: true }) res: Response) {
    authorize(actor, 'admin.listUploads', {});
    const { id, stationId, state } = query.filter;
    const params: unknown[] = [];
    const where: string[] = [];
    if (stationId) {
      params.push(stationId);
      where.push(`i.station_id = $${params.length}`);
    }
    if (id) {
      params.push(idArray(id));
      where.push(`i.id = ANY($${params.length}::bigint[])`);
    }
    if (state) {
      params.push(state);
      where.push(`(${UPLOAD_STATE_SQL}) = $${params.length}`);
    }
    const from = `FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const [start, end] = query.range;
    const [rows, count] = await Promise.all([
      this.readModels.rows<Row>(
        `SELECT ${UPLOAD_COLUMNS}, i.version, i.records, i.readings, w.error ${from}
         ${orderBy({ id: 'i.id' }, query.sort, 'i.id')} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      ),
      this.readModels.row<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params),
    ]);
    const answer: AdminUploadRow[] = rows.map((r) => ({
      ...toUpload(r),
      stationId: Number(r.station_id),
      version: r.version,
      records: r.records,
      readings: r.readings,
      error: r.error,
    }));
    return listAnswer(res, 'uploads', query, answer, count?.n ?? 0);
  }

  @ApiRoute(routes.adminProcessUploads)
  async process(@CurrentActor() actor: Actor, @Input('body') { ids }: { ids: number[] }): Promise<BulkResult> {
    authorize(actor, 'admin.reprocess', {});
    const { results } = await this.commands.execute(
      new ReprocessUploadsCommand({ ingestionIds: ids }, commandMetadata(userIdOf(actor))),
    );
    return { results };
  }
}
