import { Controller, Res } from '@nestjs/common';
import { authorize, DomainError, userMessages, type Actor } from '@groundtruth/domain';
import {
  routes,
  type AdminStation,
  type AdminStationRow,
  type AdminStationsQuery,
  type BulkIds,
  type BulkResult,
  type TransferStationsBody,
} from '@groundtruth/contracts';
import type { IngestionFirmware } from '@groundtruth/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { containsPattern, listAnswer, orderBy } from '../common/http/list-answer.js';
import { idArray, ReadModels } from '../read-models/read-models.js';
import { UPLOAD_STATE_SQL } from '../read-models/upload-state.js';
import { TransferStationCommand } from './commands/transfer-station/transfer-station.command.js';
import { DeleteStationCommand } from './commands/delete-station/delete-station.command.js';
import { StationDataQueries } from './queries/station-data.queries.js';
import { stationMessages } from '@groundtruth/domain';

type Query = z.output<typeof AdminStationsQuery>;
type Row = {
  id: string;
  name: string;
  device_id: string;
  owner_id: string;
  owner_name: string | null;
  recording_started_at: Date | null;
  last_ingestion_at: Date | null;
  created_at: Date;
  updated_at: Date;
  firmware: IngestionFirmware | null;
  location_name: string | null;
  latitude: number | null;
  longitude: number | null;
  uploads: number | null;
};

const sortColumns = {
  id: 's.id',
  name: 'lower(s.name)',
  createdAt: 's.created_at',
  updatedAt: 's.updated_at',
  lastIngestionAt: 'd.last_ingestion_at',
} as const;

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

const toRow = (r: Row): AdminStationRow => ({
  id: Number(r.id),
  name: r.name,
  deviceId: r.device_id,
  owner: { id: Number(r.owner_id), name: r.owner_name ?? '' },
  recordingStartedAt: iso(r.recording_started_at),
  lastIngestionAt: iso(r.last_ingestion_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  firmware: r.firmware ? `${r.firmware.version} (${r.firmware.number})` : null,
  location: { name: r.location_name, latitude: r.latitude, longitude: r.longitude },
  uploads: r.uploads ?? 0,
});

const SELECT = `SELECT s.id, s.name, s.device_id, s.owner_id, u.name AS owner_name, d.recording_started_at, d.last_ingestion_at,
    s.created_at, s.updated_at, d.firmware, s.location_name, s.latitude, s.longitude, d.uploads
  FROM stations s LEFT JOIN users u ON u.id = s.owner_id LEFT JOIN station_data d ON d.station_id = s.id`;

/** The console's stations (spec §2 Admin stations, §7 GET /admin/stations, POST /stations/{id}/transfer/{newOwner}). */
@Controller()
export class AdminStationsController {
  constructor(
    private readonly readModels: ReadModels,
    private readonly data: StationDataQueries,
    private readonly commands: CommandGateway,
  ) {}

  @ApiRoute(routes.adminListStations)
  async list(@CurrentActor() actor: Actor, @Input('query') query: Query, @Res({ passthrough: true }) res: Response) {
    authorize(actor, 'admin.listStations', {});
    const { q, id, ownerId } = query.filter;
    // Conditions as SQL with their parameters; the search matches name, device id or owner's name.
    const params: unknown[] = [];
    const where: string[] = [];
    if (q) {
      params.push(containsPattern(q));
      where.push(`(s.name ILIKE $${params.length} OR s.device_id ILIKE $${params.length} OR u.name ILIKE $${params.length})`);
    }
    if (id) {
      params.push(idArray(id));
      where.push(`s.id = ANY($${params.length}::bigint[])`);
    }
    if (ownerId) {
      params.push(ownerId);
      where.push(`s.owner_id = $${params.length}`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [start, end] = query.range;
    const countSql = `SELECT count(*)::int AS n FROM stations s ${q ? 'LEFT JOIN users u ON u.id = s.owner_id' : ''} ${whereSql}`;
    if (q) {
      // A search tests every station's name, device id and owner (ILIKE '%text%', which no index
      // serves at this shape: docs/benchmarks.md): one pass gives the page and the total together,
      // not two passes side by side. An empty page past the end still needs the count alone.
      const rows = await this.readModels.rows<Row & { total: number }>(
        `${SELECT.replace('SELECT ', 'SELECT count(*) OVER ()::int AS total, ')} ${whereSql} ${orderBy(sortColumns, query.sort, 's.id')} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      );
      const total = rows[0]?.total ?? (start === 0 ? 0 : ((await this.readModels.row<{ n: number }>(countSql, params))?.n ?? 0));
      return listAnswer(res, 'stations', query, rows.map(toRow), total);
    }
    const [rows, count] = await Promise.all([
      this.readModels.rows<Row>(
        `${SELECT} ${whereSql} ${orderBy(sortColumns, query.sort, 's.id')} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      ),
      this.readModels.row<{ n: number }>(countSql, params),
    ]);
    return listAnswer(res, 'stations', query, rows.map(toRow), count?.n ?? 0);
  }

  @ApiRoute(routes.adminGetStation)
  async one(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<AdminStation> {
    authorize(actor, 'admin.listStations', {});
    const row = await this.readModels.row<Row>(`${SELECT} WHERE s.id = $1`, [id]);
    if (!row) throw new DomainError('not_found', 'STATION.NOT_FOUND', stationMessages.noSuchStation);
    const [readings, processing] = await Promise.all([
      this.data.readings([id]),
      this.readModels.row<{ pending: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE st IN ('received', 'processing', 'waiting'))::int AS pending,
                count(*) FILTER (WHERE st = 'failed')::int AS failed
           FROM (SELECT ${UPLOAD_STATE_SQL} AS st FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id
                  WHERE i.station_id = $1) x`,
        [id],
      ),
    ]);
    const summary = (await this.data.summaries([id])).get(id);
    return {
      ...toRow(row),
      data: {
        start: summary?.recordingStartedAt ?? null,
        end: summary?.lastReadingAt ?? null,
        samples: readings.get(id)?.samples ?? 0,
      },
      processing: { pending: processing?.pending ?? 0, failed: processing?.failed ?? 0 },
    };
  }

  @ApiRoute(routes.transferStation)
  async transfer(@CurrentActor() actor: Actor, @Input('params') { id, newOwner }: { id: number; newOwner: number }) {
    authorize(actor, 'admin.transferStation', {});
    await this.userMustExist(newOwner);
    await this.commands.execute(
      new TransferStationCommand({ stationId: id, newOwnerId: newOwner }, commandMetadata(userIdOf(actor))),
    );
  }

  @ApiRoute(routes.adminTransferUserStations)
  async transferAll(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('body') { toUserId }: TransferStationsBody,
  ): Promise<BulkResult> {
    authorize(actor, 'admin.transferStation', {});
    await this.userMustExist(id);
    await this.userMustExist(toUserId);
    const stations = await this.readModels.rows<{ id: string }>('SELECT id FROM stations WHERE owner_id = $1 ORDER BY id', [id]);
    const results: BulkResult['results'] = [];
    // One request, one correlation id: every StationTransferred of this batch carries it and the admin.
    const meta = commandMetadata(userIdOf(actor));
    for (const { id: stationId } of stations) {
      try {
        await this.commands.execute(new TransferStationCommand({ stationId: Number(stationId), newOwnerId: toUserId }, meta));
        results.push({ id: Number(stationId), ok: true, code: null, message: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id: Number(stationId), ok: false, code: error.code, message: error.message });
      }
    }
    return { results };
  }

  @ApiRoute(routes.adminDeleteStation)
  async remove(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<void> {
    authorize(actor, 'admin.deleteStation', {});
    await this.commands.execute(new DeleteStationCommand({ stationId: id }, commandMetadata(userIdOf(actor))));
  }

  @ApiRoute(routes.adminDeleteStations)
  async removeMany(@CurrentActor() actor: Actor, @Input('body') { ids }: z.output<typeof BulkIds>): Promise<BulkResult> {
    authorize(actor, 'admin.deleteStation', {});
    // One request, one correlation id: every StationDeleted of this batch carries it and the admin.
    const meta = commandMetadata(userIdOf(actor));
    const results: BulkResult['results'] = [];
    for (const stationId of [...new Set(ids)]) {
      try {
        await this.commands.execute(new DeleteStationCommand({ stationId }, meta));
        results.push({ id: stationId, ok: true, code: null, message: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id: stationId, ok: false, code: error.code, message: error.message });
      }
    }
    return { results };
  }

  private async userMustExist(userId: number): Promise<void> {
    const row = await this.readModels.row('SELECT 1 FROM users WHERE id = $1 AND NOT deleted', [userId]);
    if (!row) throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
  }
}
