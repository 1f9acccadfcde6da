import { Controller, Inject, Res } from '@nestjs/common';
import { DomainError, type Actor } from '@groundtruth/domain';
import { routes, type DeviceDataQuery, type DeviceParams, type DeviceSummaryQuery } from '@groundtruth/contracts';
import { BLOBS, type BlobStore } from '@groundtruth/platform';
import type { Response } from 'express';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { StationAccessQueries } from '../access/index.js';
import { DeviceDataQueries } from './device-data.queries.js';
import { ReadModels } from '../read-models/read-models.js';

const noUpload = () => new DomainError('not_found', 'INGESTION.NOT_FOUND', 'There is no such upload.');

/** A station's readings by device id (spec §7 Data), and the raw files of its uploads. */
@Controller()
export class DeviceDataController {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(BLOBS) private readonly blobs: BlobStore,
    private readonly devices: DeviceDataQueries,
    private readonly access: StationAccessQueries,
  ) {}

  @ApiRoute(routes.deviceSummary)
  summary(@CurrentActor() actor: Actor, @Input('params') { deviceId }: DeviceParams, @Input('query') query: DeviceSummaryQuery) {
    return this.devices.summary(deviceId, query, actor);
  }

  @ApiRoute(routes.deviceData)
  data(@CurrentActor() actor: Actor, @Input('params') { deviceId }: DeviceParams, @Input('query') query: DeviceDataQuery) {
    return this.devices.data(deviceId, query, actor);
  }

  @ApiRoute(routes.uploadFile)
  async file(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Res() res: Response) {
    const r = await this.readModels.rows<{
      station_id: string;
      device_id: string;
      type: string;
      blob_key: string;
      content_type: string;
    }>('SELECT station_id, device_id, type, blob_key, content_type FROM ingestions WHERE id = $1', [id]);
    const row = r[0];
    if (!row) throw noUpload();
    await this.access.authorize(actor, 'station.readUploads', Number(row.station_id));
    const bytes = await this.blobs.get(row.blob_key);
    if (bytes === null) throw noUpload();
    res.setHeader('Content-Type', row.content_type);
    res.setHeader('Content-Disposition', `attachment; filename="${row.device_id.replace(/[^0-9a-f]/gi, '')}-${id}.${row.type}"`);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(bytes);
  }
}
