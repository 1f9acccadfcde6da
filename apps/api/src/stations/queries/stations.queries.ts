import { Injectable } from '@nestjs/common';
import {
  can,
  matchLatestReadings,
  nearbySearchBox,
  nearbyStations,
  stationDataStatus,
  type Actor,
  type SeenLocation,
} from '@groundtruth/domain';
import type { AssociatedStations, Station, StationModule, StationSensorMetaList } from '@groundtruth/contracts';
import {
  selectRows,
  stationAttributesTable,
  stationLinksTable,
  stationMediaTable,
  stationModulesTable,
  type StationAttributeRow,
  type StationMediaRow,
  type StationModuleRow,
  type StationRow,
} from '@groundtruth/platform';
import { idArray, ReadModels } from '../../read-models/read-models.js';
import { StationDataQueries } from './station-data.queries.js';
import {
  readableStationParams,
  readableStationSql,
  seenLocation,
  stationAccessColumnsSql,
  StationAccessQueries,
  toStationResource,
  type StationAccessRow,
  type StationLocationRow,
} from '../../access/index.js';

type StationSqlRow = StationRow & StationAccessRow & { owner_name: string | null };

type PhotoSqlRow = Pick<StationMediaRow, 'id' | 'station_id' | 'is_station_image' | 'created_at'>;

const modulesSql = selectRows(
  stationModulesTable,
  'WHERE station_id = ANY($1::bigint[]) ORDER BY station_id, position, module_id',
);
const attributesSql = selectRows(
  stationAttributesTable,
  'WHERE station_id = ANY($1::bigint[]) ORDER BY station_id, attribute_id',
);
/**
 * The station's photos page: photos uploaded for the station itself, and the station image even
 * when it came with a note. Other note photos belong to their notes (which a project's team
 * writes), not to the station.
 */
const photosSql = `SELECT id, station_id, is_station_image, created_at FROM ${stationMediaTable.name}
  WHERE station_id = ANY($1::bigint[]) AND kind = 'photo' AND (key IS NULL OR is_station_image)
  ORDER BY station_id, is_station_image DESC, created_at DESC, id DESC`;

/** Raw queries may answer timestamps as text or as dates, depending on the driver's parsers. */
type Timestamp = Date | string;
const iso = (d: Timestamp | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Answers station queries from the read models (stations, station_*, users, and the notes' station_media). */
@Injectable()
export class StationsQueries {
  constructor(
    private readonly readModels: ReadModels,
    private readonly access: StationAccessQueries,
    private readonly data: StationDataQueries,
  ) {}

  /** One station as the asker sees it (403 STATION.PRIVATE, 404). */
  async get(stationId: number, actor: Actor): Promise<Station> {
    await this.access.authorize(actor, 'station.read', stationId);
    const [station] = await this.byIds([stationId], actor);
    return station!;
  }

  /** The asker's own stations, hidden ones included, by name: all, or the first `limit`; `total` counts them all. */
  async mine(userId: number, actor: Actor, limit?: number): Promise<{ stations: Station[]; total: number }> {
    const rows = await this.readModels.rows<{ id: string; total: string }>(
      `SELECT id, count(*) OVER () AS total FROM stations WHERE owner_id = $1 ORDER BY lower(name), id${limit === undefined ? '' : ' LIMIT $2'}`,
      limit === undefined ? [userId] : [userId, limit],
    );
    const stations = await this.byIds(
      rows.map((r) => Number(r.id)),
      actor,
    );
    return { stations, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  /** A project's stations the asker may read; hidden ones only for their owners. */
  async ofProject(projectId: number, actor: Actor): Promise<Station[]> {
    const readable = readableStationParams(actor);
    const userId = actor.kind === 'user' ? actor.userId : null;
    const rows = await this.readModels.rows<{ id: string }>(
      `SELECT s.id FROM project_stations ps JOIN stations s ON s.id = ps.station_id
       WHERE ps.project_id = $1 AND (NOT s.hidden OR s.owner_id = $2)
         AND ($3::boolean OR ${readableStationSql('s', 2)})
       ORDER BY lower(s.name), s.id`,
      [projectId, userId, readable.all],
    );
    return this.byIds(
      rows.map((r) => Number(r.id)),
      actor,
    );
  }

  /** Ids of the projects holding a station, by name. */
  async projectIdsOf(stationId: number): Promise<number[]> {
    const rows = await this.readModels.rows<{ id: string }>(
      `SELECT p.id FROM project_stations ps JOIN projects p ON p.id = ps.project_id WHERE ps.station_id = $1 ORDER BY lower(p.name), p.id`,
      [stationId],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Ids among `ids` that exist and that the asker may read. */
  async readableIds(ids: readonly number[], actor: Actor): Promise<number[]> {
    if (ids.length === 0) return [];
    const readable = readableStationParams(actor);
    const rows = await this.readModels.rows<{ id: string }>(
      `SELECT s.id FROM stations s WHERE s.id = ANY($1::bigint[]) AND ($2::boolean OR ${readableStationSql('s', 3)})`,
      [idArray(ids), readable.all, readable.userId],
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Spec §3 station sensor-meta rows: one per sensor of each readable station's configured
   * modules. Sensor ids and read times come with the station's readings (null before them).
   */
  async sensorMeta(ids: readonly number[], actor: Actor): Promise<StationSensorMetaList> {
    const readable = await this.readableIds([...new Set(ids)], actor);
    const stations = await this.byIds(readable, actor);
    return {
      stations: stations.flatMap((s) =>
        (s.configurations.all[0]?.modules ?? []).flatMap((m) =>
          m.sensors.map((sensor) => ({
            stationId: s.id,
            stationName: s.name,
            stationLocation: s.location?.precise ?? null,
            moduleId: m.id,
            moduleKey: m.name,
            sensorId: sensor.sensorId,
            sensorKey: `${m.name}.${sensor.name}`,
            sensorReadAt: sensor.reading?.time ?? null,
          })),
        ),
      ),
    };
  }

  /**
   * Stations associated with one (spec §3 Station association): those within 1,609.344 m
   * (haversine) of its location, and those it links to by hand; only ones the asker may read,
   * hidden ones only for their owners. Nearest first, then manual links by id. Who is nearby, how
   * far and in which order come from the locations as the asker sees them (exact or general), both
   * the station's own and its neighbours': decided on exact coordinates, repeated moves of one's
   * own station would find where a station shown only generally really stands.
   */
  async associated(stationId: number, actor: Actor): Promise<AssociatedStations> {
    await this.access.authorize(actor, 'station.read', stationId);
    const userId = actor.kind === 'user' ? actor.userId : null;
    const located = `s.id, s.owner_id, s.latitude, s.longitude, s.general_latitude, s.general_longitude, ${stationAccessColumnsSql('s', 1)}`;
    type LocatedRow = StationAccessRow & StationLocationRow & Pick<StationRow, 'id'>;
    const [self] = await this.readModels.rows<LocatedRow>(`SELECT ${located} FROM stations s WHERE s.id = $2`, [
      userId,
      stationId,
    ]);
    const here = self ? seenLocation(self, actor) : null;
    const nearby = new Map<number, number>();
    if (here) {
      // The box is on the general coordinates, widened to hold every exact location inside it too.
      const box = nearbySearchBox(here);
      const [west, east] = box.longitude;
      const candidates = await this.readModels.rows<LocatedRow>(
        `SELECT ${located} FROM stations s
         WHERE s.id <> $2 AND s.general_latitude BETWEEN $3 AND $4
           AND ($5::boolean OR s.general_longitude BETWEEN $6 AND $7 OR s.general_longitude BETWEEN $8 AND $9 OR s.general_longitude BETWEEN $10 AND $11)`,
        [userId, stationId, ...box.latitude, box.wraps, west, east, west + 360, east + 360, west - 360, east - 360],
      );
      const seen = candidates.flatMap((c) => {
        const location = seenLocation(c, actor);
        return location ? [{ id: Number(c.id), location }] : [];
      });
      for (const { id, distance } of nearbyStations(here, seen)) nearby.set(id, distance);
    }
    const links = await this.readModels
      .em()
      .find(
        stationLinksTable.entity,
        { station_id: String(stationId) },
        { fields: ['other_station_id'], orderBy: { other_station_id: 'asc' } },
      );
    const manual = new Set(links.map((l) => Number(l.other_station_id)));
    const ordered = [...nearby.keys(), ...[...manual].filter((id) => !nearby.has(id))];
    const readable = new Set(await this.readableIds(ordered, actor));
    const stations = await this.byIds(
      ordered.filter((id) => readable.has(id)),
      actor,
    );
    return {
      stations: stations
        .filter((s) => !s.hidden || s.owner.id === userId)
        .map((s) => {
          const distance = nearby.get(s.id);
          return {
            station: s,
            hidden: s.hidden,
            location: distance === undefined ? [] : [{ stationID: s.id, distance }],
            manual: manual.has(s.id) ? [{ otherStationID: s.id }] : [],
          };
        }),
    };
  }

  /**
   * Stations in the order of `ids` (missing ones left out); no access check. What their data says
   * (status, battery, latest readings, uploads) comes with them: uploads only for those the asker
   * owns or administers.
   */
  async byIds(ids: readonly number[], actor: Actor, now: number = Date.now()): Promise<Station[]> {
    if (ids.length === 0) return [];
    const idList = [...ids];
    // The station row joins its owner and the asker's access (SQL fragments shared with the other
    // station queries). Its modules, attributes and photos are one entity each, read with SQL built
    // from the entities rather than em.find: this runs for every station a page shows, where a find
    // costs measurably more CPU than its SQL (docs/read-models.md).
    const [rows, modules, attributes, photos, summaries, readings] = await Promise.all([
      this.readModels.rows<StationSqlRow>(
        `SELECT s.*, u.name AS owner_name, ${stationAccessColumnsSql('s', 1)}
         FROM stations s LEFT JOIN users u ON u.id = s.owner_id WHERE s.id = ANY($2::bigint[])`,
        [actor.kind === 'user' ? actor.userId : null, idArray(idList)],
      ),
      this.readModels.rows<StationModuleRow>(modulesSql, [idArray(idList)]),
      this.readModels.rows<StationAttributeRow>(attributesSql, [idArray(idList)]),
      this.readModels.rows<PhotoSqlRow>(photosSql, [idArray(idList)]),
      this.data.summaries(idList),
      this.data.readings(idList),
    ]);
    const uploadsShown = rows
      .filter((r) => can(actor, 'station.readUploads', toStationResource(r, actor)))
      .map((r) => Number(r.id));
    const uploads = await this.data.uploads(uploadsShown);
    const group = <T extends { station_id: string }>(list: T[]) => {
      const out = new Map<string, T[]>();
      for (const item of list) out.set(item.station_id, [...(out.get(item.station_id) ?? []), item]);
      return out;
    };
    const modulesBy = group(modules);
    const attributesBy = group(attributes);
    const photosBy = group(photos);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return idList.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const summary = summaries.get(id);
      const read = readings.get(id);
      const lastReadingAt = summary?.lastReadingAt ?? null;
      const stationModules = modulesBy.get(r.id) ?? [];
      const matched = matchLatestReadings(
        stationModules.map((m) => ({ moduleId: Number(m.module_id), sensors: m.sensors })),
        read?.latest ?? [],
      );
      const station: Station = {
        id,
        name: r.name,
        deviceId: r.device_id,
        owner: { id: Number(r.owner_id), name: r.owner_name ?? '' },
        description: r.description,
        hidden: r.hidden,
        readOnly: !can(actor, 'station.update', toStationResource(r, actor)),
        location: locationOf(seenLocation(r, actor)),
        locationName: r.location_name,
        model: r.model,
        placeNameOther: null,
        placeNameNative: null,
        deployedAt: iso(r.deployed_at),
        recordingStartedAt: summary?.recordingStartedAt ?? null,
        attributes: (attributesBy.get(r.id) ?? []).map((a) => ({
          attributeId: a.attribute_id,
          name: a.name,
          stringValue: a.string_value,
        })),
        configurations: { all: [{ modules: stationModules.map((m) => toModule(m, matched)) }] },
        photos: (photosBy.get(r.id) ?? []).map((p) => ({
          id: Number(p.id),
          url: `/api/stations/${id}/media/${p.id}`,
          isStationImage: p.is_station_image,
          createdAt: iso(p.created_at)!,
        })),
        battery: summary?.battery ?? null,
        lastReadingAt,
        lastIngestionAt: summary?.lastIngestionAt ?? null,
        ...stationDataStatus(lastReadingAt === null ? null : Date.parse(lastReadingAt), now),
        firmwareNumber: summary?.firmware?.number || null,
        uploads: uploads.get(id) ?? null,
        data:
          summary?.recordingStartedAt && lastReadingAt
            ? { start: summary.recordingStartedAt, end: lastReadingAt, numberOfSamples: read?.samples ?? 0 }
            : null,
        createdAt: iso(r.created_at)!,
        updatedAt: iso(r.updated_at)!,
        version: Number(r.revision),
      };
      return [station];
    });
  }
}

/** The station's location as this asker may see it: exact, or general (spec §2 project form). */
const locationOf = (seen: SeenLocation | null): Station['location'] =>
  seen && { precise: [seen.longitude, seen.latitude], latitude: seen.latitude, longitude: seen.longitude, exact: seen.exact };

const toModule = (m: StationModuleRow, matched: ReturnType<typeof matchLatestReadings>): StationModule => ({
  id: Number(m.module_id),
  hardwareId: m.hardware_id,
  name: m.name,
  label: m.label,
  position: m.position,
  internal: m.internal,
  sensors: [...m.sensors]
    .sort((a, b) => a.order - b.order)
    .map((s) => {
      const found = matched.get(`${m.module_id}/${s.order}`);
      const reading = found?.reading;
      return {
        name: s.name,
        unitOfMeasure: s.unitOfMeasure,
        order: s.order,
        sensorId: found?.sensorId ?? null,
        reading: reading ? { last: reading.value, time: new Date(reading.timeMs).toISOString() } : null,
      };
    }),
});
