import { Inject, Injectable } from '@nestjs/common';
import {
  GENERAL_LOCATION_SLACK_DEGREES,
  inMapBox,
  primaryLatest,
  STATION_DOWN_AFTER_HOURS,
  stationDataStatus,
  type Actor,
  type LatestReading,
  type MapBox,
} from '@groundtruth/domain';
import type { MapStation, MapStations } from '@groundtruth/contracts';
import { APP_CONFIG, type AppConfig, type StationRow, ReadingsVersions } from '@groundtruth/platform';
import { AnswerCache } from '../../common/cache/answer-cache.js';
import { ReadYourWrites } from '../../common/cqrs/read-your-writes.js';
import { ReadModels } from '../../read-models/read-models.js';
import { changedStations, patchedStations } from './map-patch.js';
import { StationDataQueries } from './station-data.queries.js';
import { askerKey, seenLocation, type StationAccessRow, type StationLocationRow } from '../../access/index.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

type MapSqlRow = StationAccessRow &
  StationLocationRow &
  Pick<StationRow, 'id' | 'name'> & {
    place: string | null;
    last_reading_at: Date | string | null;
    battery: number | null;
    positions: [number, number][] | null;
  };

export type MapStationsAsk = {
  readonly bbox?: MapBox | undefined;
  readonly projectId?: number | undefined;
  readonly recentHours: number;
};

type Seen = { readonly row: MapSqlRow; readonly location: ReturnType<typeof seenLocation> };

type MapReadings = {
  readonly latest: ReadonlyMap<number, LatestReading[]>;
  readonly recent: ReadonlyMap<string, number>;
  /** The stations whose readings were asked for (those with data when read). */
  readonly asked: ReadonlySet<number>;
};

/**
 * What the stations projection's tables held for the map, read before an answer's rows: every
 * station's revision (which moves with each of its events, its modules' and attributes' included),
 * and a fingerprint of the Neighborhood attributes, which a deleted owner's loses without a revision.
 */
type StationMarks = { readonly text: string; readonly places: string };

/**
 * A whole map answer (no bbox) kept for one asker, and until when it holds whatever is written; with
 * what it was read from, so that a write to the stations projection's tables alone is patched in
 * (`patch`) rather than read again whole.
 */
type KeptMap = {
  readonly answer: MapStations;
  readonly until: number;
  /** When it was read: statuses and the recent window are as of then, and patched rows are too. */
  readonly readAt: number;
  /** The stations projection's version (ReadYourWrites.readModelsVersionOf) taken before reading. */
  readonly stationsVersion: string;
  readonly marks: StationMarks;
  readonly readings: MapReadings;
};

/**
 * The projections whose tables the map reads: `stations` (stations, station_modules,
 * station_attributes: patched in by revision), and the rest, whose writes (memberships, projects and
 * their stations, station_data) read the whole map again. Other projections' writes leave it true.
 */
const STATIONS_PROJECTION = ['stations'] as const;
const ACCESS_AND_DATA_PROJECTIONS = ['projects', 'ingestions'] as const;

/** Past this many changed stations, the whole map is read again (as fast, and simpler). */
const PATCH_AT_MOST = 500;

/**
 * Whom an answer is for: everything in it (which stations, which location, `mine`) depends on the
 * asker and nothing else, so an answer kept under one asker's key is never shown to another.
 */

/**
 * When an answer read at `now` stops being true without any write: the recent window starts at a
 * whole minute, so at the next one; and a station turns down (inactive) a week after its latest reading.
 */
const heldUntil = (answer: MapStations, now: number): number => {
  let until = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  for (const station of answer.stations) {
    if (station.lastReadingAt === null) continue;
    const down = station.lastReadingAt + STATION_DOWN_AFTER_HOURS * HOUR_MS + 1;
    if (down > now && down < until) until = down;
  }
  return until;
};

/**
 * The stations of a map (GET /stations/map) in one Postgres query and, for the stations with data,
 * two more on the readings summary the ingestion processor keeps (latest readings; the recent
 * window's maxima, StationDataQueries): no ClickHouse. Access is the policy's
 * `station.read` and the location `seenLocation`'s, written as joins: the public projects' and the
 * asker's memberships are grouped once per query rather than asked again per station.
 *
 * A map of every station (or a project's) is kept per asker (MAP_CACHE_STATIONS) under the version
 * of the projects' and ingestions' tables and every station's readings version together, both taken
 * before reading, and for at most a minute (heldUntil); a viewport (`bbox`) is cut from the asker's
 * whole map, on the location that asker sees, which is the query's own bbox rule. When the stations
 * projection alone has written since (a rename, a move, a station hidden: the usual write), the kept
 * map is patched (`patch`): the stations whose revision moved are read again and the rest kept,
 * rather than the whole map (docs/benchmarks.md has the figures).
 */
@Injectable()
export class MapStationsQueries {
  private readonly kept: AnswerCache<KeptMap>;
  /** Answers being read, by key and version: callers asking together share one read. */
  private readonly reading = new Map<string, Promise<KeptMap>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly data: StationDataQueries,
    private readonly readModels: ReadModels,
    private readonly readModelsVersion: ReadYourWrites,
    private readonly readingsVersions: ReadingsVersions,
  ) {
    this.kept = new AnswerCache(config.mapCacheStations);
  }

  async list(ask: MapStationsAsk, actor: Actor, now: number = Date.now()): Promise<MapStations> {
    // Taken before reading: a write the read may miss is heard afterwards and moves them.
    const others = this.readModelsVersion.readModelsVersionOf(ACCESS_AND_DATA_PROJECTIONS);
    const stationsVersion = this.readModelsVersion.readModelsVersionOf(STATIONS_PROJECTION);
    const readings = this.readingsVersions.ofAll();
    if (!this.kept.enabled || others === null || stationsVersion === null || readings === null) {
      return this.read(ask, actor, now);
    }
    const key = `${askerKey(actor)}|${ask.projectId ?? ''}|${ask.recentHours}`;
    const version = `${others}|${readings}`;
    let kept = this.kept.get(key, version);
    if (!kept || kept.until <= now || kept.stationsVersion !== stationsVersion) {
      const shared = `${key}|${version}|${stationsVersion}`;
      let pending = this.reading.get(shared);
      if (!pending) {
        const whole = { projectId: ask.projectId, recentHours: ask.recentHours };
        pending =
          kept && kept.until > now
            ? this.patch(kept, whole, actor, stationsVersion, now)
            : this.readWhole(whole, actor, stationsVersion, now);
        this.reading.set(shared, pending);
        void pending.then(
          (read) => this.kept.set(key, version, read, read.answer.stations.length),
          () => undefined,
        );
        void pending.finally(() => this.reading.delete(shared)).catch(() => undefined);
      }
      kept = await pending;
    }
    const { bbox } = ask;
    if (!bbox) return kept.answer;
    return {
      recentHours: kept.answer.recentHours,
      stations: kept.answer.stations.filter((s) => s.location !== null && inMapBox(bbox, s.location[0], s.location[1])),
    };
  }

  /** The answer as the read models and readings are now. */
  private async read(ask: MapStationsAsk, actor: Actor, now: number): Promise<MapStations> {
    return (await this.readAnswer(ask, actor, now)).answer;
  }

  /** The answer, with the readings it was made from (and which stations they were asked for). */
  private async readAnswer(
    ask: MapStationsAsk,
    actor: Actor,
    now: number,
  ): Promise<{ answer: MapStations; readings: MapReadings }> {
    const seen = await this.rows(ask, actor);
    const withData = seen.filter(({ row }) => row.last_reading_at !== null).map(({ row }) => Number(row.id));
    const { latest, recent } = await this.readings(withData, ask.recentHours, now);
    const readings = { latest, recent, asked: new Set(withData) };
    const answer = { recentHours: ask.recentHours, stations: seen.map((one) => this.toStation(one, actor, readings, now)) };
    return { answer, readings };
  }

  /** The whole answer read again, with what a later patch needs (marks read first, readings asked). */
  private async readWhole(ask: MapStationsAsk, actor: Actor, stationsVersion: string, now: number): Promise<KeptMap> {
    const marks = await this.marks();
    const { answer, readings } = await this.readAnswer(ask, actor, now);
    return { answer, until: heldUntil(answer, now), readAt: now, stationsVersion, marks, readings };
  }

  /**
   * A kept answer after writes to the stations projection's tables alone (nothing else it reads has
   * moved, nor has any reading): only the stations whose revision moved since it was read are read
   * again, as of when it was read; the rest are its own. A changed Neighborhood attribute without a
   * revision (a deleted owner's) or many changes read it whole instead.
   */
  private async patch(kept: KeptMap, ask: MapStationsAsk, actor: Actor, stationsVersion: string, now: number): Promise<KeptMap> {
    const marks = await this.marks();
    if (marks.places !== kept.marks.places) return this.readWhole(ask, actor, stationsVersion, now);
    const changed = changedStations(kept.marks.text, marks.text);
    if (changed.length > PATCH_AT_MOST) return this.readWhole(ask, actor, stationsVersion, now);
    if (changed.length === 0) return { ...kept, stationsVersion, marks };
    const seen = await this.rows(ask, actor, changed);
    const unasked = seen
      .map(({ row }) => row)
      .filter((row) => row.last_reading_at !== null && !kept.readings.asked.has(Number(row.id)))
      .map((row) => Number(row.id));
    let readings = kept.readings;
    if (unasked.length > 0) {
      const more = await this.readings(unasked, ask.recentHours, kept.readAt);
      readings = {
        latest: new Map([...kept.readings.latest, ...more.latest]),
        recent: new Map([...kept.readings.recent, ...more.recent]),
        asked: new Set([...kept.readings.asked, ...unasked]),
      };
    }
    const fresh = seen.map((one) => this.toStation(one, actor, readings, kept.readAt));
    const answer = { recentHours: kept.answer.recentHours, stations: patchedStations(kept.answer.stations, changed, fresh) };
    return { ...kept, answer, until: heldUntil(answer, kept.readAt), stationsVersion, marks, readings };
  }

  /** Every station's revision and the Neighborhood attributes' fingerprint, as one row. */
  private async marks(): Promise<StationMarks> {
    const [row] = await this.readModels.rows<{ text: string | null; places: string }>(
      `SELECT (SELECT string_agg(id || ':' || revision, ',' ORDER BY id) FROM stations) AS text,
              (SELECT count(*) || ':' || coalesce(sum(hashtext(station_id || ':' || attribute_id || ':' || string_value)::bigint), 0)
                 FROM station_attributes WHERE name = 'Neighborhood') AS places`,
    );
    return { text: row?.text ?? '', places: row?.places ?? '' };
  }

  /** The stations the asker may see (of `only`, when given), with the location they see. */
  private async rows(ask: MapStationsAsk, actor: Actor, only?: readonly number[]): Promise<Seen[]> {
    const userId = actor.kind === 'user' ? actor.userId : null;
    const admin = actor.kind === 'user' && actor.admin;
    // $1 the asker (memberships and ownership), $2 whether they read every station; the filters' follow.
    const params: unknown[] = [userId, admin];
    const param = (value: unknown): string => `$${params.push(value)}`;
    const where: string[] = [
      '(NOT s.hidden OR s.owner_id = $1)',
      '($2::boolean OR pub.station_id IS NOT NULL OR s.owner_id = $1 OR mem.station_id IS NOT NULL)',
    ];
    // A patch's few stations: their own rows alone, in the grouped joins too (the planner would group every station's).
    const onlyIds = only && `${param(only)}::bigint[]`;
    const of = (column: string) => (onlyIds ? `AND ${column} = ANY(${onlyIds})` : '');
    if (onlyIds) where.push(`s.id = ANY(${onlyIds})`);
    if (ask.projectId !== undefined) {
      where.push(
        `EXISTS (SELECT 1 FROM project_stations px WHERE px.station_id = s.id AND px.project_id = ${param(ask.projectId)})`,
      );
    }
    if (ask.bbox) {
      // On the general coordinates, widened so that every exact location inside the box stays in;
      // the box itself is then applied to the location the asker sees.
      const slack = GENERAL_LOCATION_SLACK_DEGREES * 1.01;
      const { west, south, east, north } = ask.bbox;
      where.push(`s.general_latitude BETWEEN ${param(south - slack)} AND ${param(north + slack)}`);
      if (west <= east) {
        where.push(`s.general_longitude BETWEEN ${param(west - slack)} AND ${param(east + slack)}`);
      } else {
        where.push(`(s.general_longitude >= ${param(west - slack)} OR s.general_longitude <= ${param(east + slack)})`);
      }
    }
    const rows = await this.readModels.rows<MapSqlRow>(
      `WITH pub AS (
         SELECT ps.station_id, bool_or(p.show_exact_location) AS exact_public
           FROM project_stations ps JOIN projects p ON p.id = ps.project_id
          WHERE p.privacy > 0 ${of('ps.station_id')} GROUP BY ps.station_id),
       mem AS (
         SELECT ps.station_id, max(CASE pm.role WHEN 'administrator' THEN 2 WHEN 'member' THEN 1 END) AS role_rank
           FROM project_members pm JOIN project_stations ps ON ps.project_id = pm.project_id
          WHERE pm.user_id = $1 GROUP BY ps.station_id)
       SELECT s.id, s.name, s.owner_id, s.latitude, s.longitude, s.general_latitude, s.general_longitude,
              pub.station_id IS NOT NULL AS is_public, coalesce(pub.exact_public, false) AS exact_public,
              mem.role_rank, d.last_reading_at, d.battery,
              coalesce(s.location_name, a.string_value) AS place, m.positions
         FROM stations s
         LEFT JOIN pub ON pub.station_id = s.id
         LEFT JOIN mem ON mem.station_id = s.id
         LEFT JOIN station_data d ON d.station_id = s.id
         -- Joined, not a subquery per station: one hash join each, about half the time at 10,000 stations.
         LEFT JOIN (SELECT DISTINCT ON (station_id) station_id, string_value FROM station_attributes
                     WHERE name = 'Neighborhood' ${of('station_id')} ORDER BY station_id, attribute_id) a ON a.station_id = s.id
         LEFT JOIN (SELECT station_id, json_agg(json_build_array(module_id, position)) AS positions
                      FROM station_modules WHERE true ${of('station_id')} GROUP BY station_id) m ON m.station_id = s.id
        WHERE ${where.join(' AND ')}
        ORDER BY s.id`,
      params,
    );
    return rows.flatMap((row) => {
      const location = seenLocation(row, actor);
      if (ask.bbox && (!location || !inMapBox(ask.bbox, location.longitude, location.latitude))) return [];
      return [{ row, location }];
    });
  }

  private toStation({ row, location }: Seen, actor: Actor, readings: Omit<MapReadings, 'asked'>, now: number): MapStation {
    const userId = actor.kind === 'user' ? actor.userId : null;
    const id = Number(row.id);
    const lastReadingAt = row.last_reading_at === null ? null : new Date(row.last_reading_at).getTime();
    const positions = new Map((row.positions ?? []).map(([moduleId, position]) => [Number(moduleId), position]));
    const primary = primaryLatest(readings.latest.get(id) ?? [], positions);
    const { status, inactive } = stationDataStatus(lastReadingAt, now);
    return {
      id,
      name: row.name,
      location: location && [location.longitude, location.latitude],
      exact: location?.exact ?? false,
      mine: userId !== null && Number(row.owner_id) === userId,
      status,
      inactive,
      lastReadingAt,
      battery: row.battery,
      place: row.place,
      reading: primary && {
        moduleId: primary.moduleId,
        sensorId: primary.sensorId,
        value: primary.value,
        time: primary.timeMs,
        recent: readings.recent.get(`${id}/${primary.moduleId}/${primary.sensorId}`) ?? null,
      },
    };
  }

  /**
   * Each station module sensor's latest reading, and its highest reading of the recent window: from the
   * summary the ingestion processor keeps in Postgres (StationDataQueries), never from ClickHouse.
   */
  private async readings(stationIds: readonly number[], recentHours: number, now: number) {
    const latest = new Map<number, LatestReading[]>();
    if (stationIds.length === 0) return { latest, recent: new Map<string, number>() };
    const start = Math.floor((now - recentHours * HOUR_MS) / 60_000) * 60_000;
    const [last, recent] = await Promise.all([this.data.readings(stationIds), this.data.recentHighest(stationIds, start, now)]);
    for (const [stationId, read] of last) latest.set(stationId, read.latest);
    return { latest, recent };
  }
}
