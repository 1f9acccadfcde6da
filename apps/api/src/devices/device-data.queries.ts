import { Inject, Injectable } from '@nestjs/common';
import { can, deviceIdKey, DomainError, type Actor } from '@groundtruth/domain';
import {
  DEVICE_SUMMARY_UPLOADS_MAX,
  type DeviceData,
  type DeviceDataQuery,
  type DeviceSummary,
  type DeviceSummaryQuery,
} from '@groundtruth/contracts';
import { CLICKHOUSE, type ClickHouse, type StationModuleRow, type StationRow } from '@groundtruth/platform';
import { readLatest } from '../sensors/index.js';
import { StationAccessQueries } from '../access/index.js';
import { StationDataQueries, toUpload, UPLOAD_COLUMNS, type UploadRow } from '../stations/index.js';
import { describeModules, type ConfiguredModule, type DescribedModule } from './device-modules.js';
import { countReadingTimes, readReadingTimes, readSensorStats, type SensorStats } from './device-readings.js';
import { ReadModels } from '../read-models/read-models.js';

export const deviceMessages = {
  unknown: 'No station has this device id.',
  pastLastPage: (pages: number) =>
    pages === 0 ? 'There are no readings in this range: ask for page 0.' : `There are ${pages} pages (0 to ${pages - 1}).`,
} as const;

/** Answers GET /data/devices/{deviceId}/…: a station's readings found by its device id, once the asker may read it. */
@Injectable()
export class DeviceDataQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    private readonly access: StationAccessQueries,
    private readonly stationData: StationDataQueries,
  ) {}

  async summary(deviceId: string, query: DeviceSummaryQuery, actor: Actor): Promise<DeviceSummary> {
    const { station, modules, mayReadUploads } = await this.device(deviceId, actor);
    // Data reads go on the chart lane (ClickHouse.charts), beside charts and writes.
    const stats = await this.clickhouse.charts((client) => readSensorStats(client, station.id, query.start, query.end));
    const described = describeModules(
      modules,
      stats.map((s) => ({ moduleId: s.moduleId, sensorId: s.sensorId, about: s })),
    );
    const uploads = mayReadUploads ? await this.uploadsInRange(station.id, query.start, query.end) : null;
    return {
      station,
      start: query.start,
      end: query.end,
      statistics: {
        first: stats.length > 0 ? Math.min(...stats.map((s) => s.first)) : null,
        last: stats.length > 0 ? Math.max(...stats.map((s) => s.last)) : null,
        numberOfSamples: stats.reduce((n, s) => n + s.count, 0),
      },
      modules: described.map((m) => ({
        ...moduleHeader(m),
        sensors: m.sensors.map(({ about, ...sensor }) => ({ ...sensor, ...statsOf(about) })),
      })),
      uploads: uploads?.list ?? null,
      uploadsInRange: uploads?.total ?? null,
    };
  }

  async data(deviceId: string, query: DeviceDataQuery, actor: Actor): Promise<DeviceData> {
    const { station, modules } = await this.device(deviceId, actor);
    const charts = this.clickhouse.charts.bind(this.clickhouse);
    const [total, seen] = await Promise.all([
      charts((client) => countReadingTimes(client, station.id, query.start, query.end)),
      charts((client) => readLatest(client, { stationIds: [station.id], sensorIds: [] })),
    ]);
    const totalPages = Math.ceil(total / query.pageSize);
    if (query.page > 0 && query.page >= totalPages) {
      throw DomainError.validation(
        'DEVICE_DATA.NO_SUCH_PAGE',
        { page: deviceMessages.pastLastPage(totalPages) },
        'No such page.',
      );
    }
    const rows = await charts((client) =>
      readReadingTimes(client, station.id, query.start, query.end, query.page * query.pageSize, query.pageSize),
    );
    const described = describeModules(
      modules,
      seen.map((s) => ({ moduleId: s.moduleId, sensorId: s.sensorId, about: null })),
    );
    return {
      station,
      modules: described.map((m) => ({ ...moduleHeader(m), sensors: m.sensors.map(({ about: _, ...sensor }) => sensor) })),
      order: 'newest-first',
      start: query.start,
      end: query.end,
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages,
      data: rows,
    };
  }

  /** The station of a device id (404), once the asker may read it (403 STATION.PRIVATE), with its modules. */
  private async device(deviceId: string, actor: Actor) {
    const found = await this.readModels.rows<Pick<StationRow, 'id' | 'name' | 'device_id'>>(
      'SELECT id, name, device_id FROM stations WHERE device_id = $1 ORDER BY id LIMIT 1',
      [deviceIdKey(deviceId)],
    );
    const row = found[0];
    if (!row) throw new DomainError('not_found', 'STATION.NOT_FOUND', deviceMessages.unknown);
    const id = Number(row.id);
    const resource = await this.access.authorize(actor, 'station.read', id);
    const [summaries, modules] = await Promise.all([
      this.stationData.summaries([id]),
      this.readModels.rows<StationModuleRow>('SELECT * FROM station_modules WHERE station_id = $1', [id]),
    ]);
    return {
      station: { id, name: row.name, deviceId: row.device_id, firmware: summaries.get(id)?.firmware ?? null },
      modules: modules.map((m): ConfiguredModule => ({
        moduleId: Number(m.module_id),
        hardwareId: m.hardware_id,
        name: m.name,
        label: m.label,
        position: m.position,
        internal: m.internal,
        sensors: m.sensors,
      })),
      mayReadUploads: can(actor, 'station.readUploads', resource),
    };
  }

  /** Meta uploads and the data uploads holding readings in [start, end), newest first. */
  private async uploadsInRange(stationId: number, start: number, end: number) {
    const r = await this.readModels.rows<UploadRow & { total: string }>(
      `SELECT ${UPLOAD_COLUMNS}, count(*) OVER () AS total FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id
        WHERE i.station_id = $1 AND (i.type = 'meta' OR (i.data_start < $3 AND i.data_end >= $2))
        ORDER BY i.id DESC LIMIT $4`,
      [stationId, new Date(start).toISOString(), new Date(end).toISOString(), DEVICE_SUMMARY_UPLOADS_MAX],
    );
    return { list: r.map(toUpload), total: Number(r[0]?.total ?? 0) };
  }
}

const moduleHeader = <T>(m: DescribedModule<T>) => ({
  id: m.id,
  hardwareId: m.hardwareId,
  name: m.name,
  label: m.label,
  position: m.position,
  internal: m.internal,
  configured: m.configured,
});

const statsOf = (s: SensorStats | null) => ({
  count: s?.count ?? 0,
  first: s?.first ?? null,
  last: s?.last ?? null,
  min: s?.min ?? null,
  max: s?.max ?? null,
  mean: s && s.count > 0 ? s.sum / s.count : null,
  lastValue: s?.lastValue ?? null,
});
