import { z } from 'zod';
import { COLUMNS_MEDIA_TYPE } from '../sensors/sensor-columns.contract.js';
import { MapStation, type MapStations } from './stations.contract.js';

/**
 * The compact, columnar form of `GET /stations/map`, asked for as the chart data's is (`format=columns`
 * or `Accept: application/vnd.groundtruth.columns+json`): one array per field, entry k of each for
 * station k, and the primary sensors' readings as columns of their own over the stations that have
 * one (`reading.at` names them). Field names repeated 10,000 times are most of the row form; here
 * they come once, and a map of 10,000 stations parses and checks in a fraction of the time.
 */
const column = <T extends z.ZodType>(cell: T) => z.array(cell);

export const MapStationsColumns = z
  .object({
    format: z.literal('columns'),
    recentHours: z.number().int(),
    id: column(MapStation.shape.id),
    name: column(MapStation.shape.name),
    /**
     * Where the asker may see each station (null: not deployed), as in the row form's `location`, to
     * six decimals (about 0.1 m, finer than a GPS fix): a third of the digits a double prints.
     */
    longitude: column(z.number().nullable()).meta({ description: 'Degrees, to 6 decimals; null when not deployed' }),
    latitude: column(z.number().nullable()).meta({ description: 'Degrees, to 6 decimals; null when not deployed' }),
    exact: column(MapStation.shape.exact),
    mine: column(MapStation.shape.mine),
    status: column(MapStation.shape.status),
    inactive: column(MapStation.shape.inactive),
    lastReadingAt: column(MapStation.shape.lastReadingAt),
    battery: column(MapStation.shape.battery),
    place: column(MapStation.shape.place),
    reading: z
      .object({
        at: column(z.number().int().min(0)).meta({ description: 'The station (its index in the columns above) of each reading' }),
        moduleId: column(z.number().int()),
        sensorId: column(z.number().int()),
        value: column(z.number()),
        time: column(z.number()),
        recent: column(z.number().nullable()),
      })
      .meta({ description: "The primary sensors' latest readings, of the stations that have one" }),
  })
  .meta({
    id: 'MapStationsColumns',
    description: `${COLUMNS_MEDIA_TYPE}: the map's stations by column`,
  });
export type MapStationsColumns = z.infer<typeof MapStationsColumns>;

/** Degrees to six decimals. */
const micro = (degrees: number | undefined): number | null => (degrees === undefined ? null : Math.round(degrees * 1e6) / 1e6);

/** The row form as columns, stations in the same order (coordinates to six decimals). */
export const mapStationsToColumns = (answer: MapStations): MapStationsColumns => {
  const n = answer.stations.length;
  const out: MapStationsColumns = {
    format: 'columns',
    recentHours: answer.recentHours,
    id: new Array<number>(n),
    name: new Array<string>(n),
    longitude: new Array<number | null>(n),
    latitude: new Array<number | null>(n),
    exact: new Array<boolean>(n),
    mine: new Array<boolean>(n),
    status: new Array<MapStation['status']>(n),
    inactive: new Array<boolean>(n),
    lastReadingAt: new Array<number | null>(n),
    battery: new Array<number | null>(n),
    place: new Array<string | null>(n),
    reading: { at: [], moduleId: [], sensorId: [], value: [], time: [], recent: [] },
  };
  answer.stations.forEach((s, k) => {
    out.id[k] = s.id;
    out.name[k] = s.name;
    out.longitude[k] = micro(s.location?.[0]);
    out.latitude[k] = micro(s.location?.[1]);
    out.exact[k] = s.exact;
    out.mine[k] = s.mine;
    out.status[k] = s.status;
    out.inactive[k] = s.inactive;
    out.lastReadingAt[k] = s.lastReadingAt;
    out.battery[k] = s.battery;
    out.place[k] = s.place;
    if (s.reading) {
      const r = out.reading;
      r.at.push(k);
      r.moduleId.push(s.reading.moduleId);
      r.sensorId.push(s.reading.sensorId);
      r.value.push(s.reading.value);
      r.time.push(s.reading.time);
      r.recent.push(s.reading.recent);
    }
  });
  return out;
};

/** The stations of the columnar form as rows, in its order. */
export const mapStationsFromColumns = (answer: MapStationsColumns): MapStations => {
  const stations: MapStation[] = answer.id.map((id, k) => {
    const longitude = answer.longitude[k] ?? null;
    const latitude = answer.latitude[k] ?? null;
    return {
      id,
      name: answer.name[k]!,
      location: longitude === null || latitude === null ? null : [longitude, latitude],
      exact: answer.exact[k]!,
      mine: answer.mine[k]!,
      status: answer.status[k] ?? null,
      inactive: answer.inactive[k]!,
      lastReadingAt: answer.lastReadingAt[k] ?? null,
      battery: answer.battery[k] ?? null,
      place: answer.place[k] ?? null,
      reading: null,
    };
  });
  const r = answer.reading;
  r.at.forEach((k, i) => {
    const station = stations[k];
    if (!station) return;
    station.reading = {
      moduleId: r.moduleId[i]!,
      sensorId: r.sensorId[i]!,
      value: r.value[i]!,
      time: r.time[i]!,
      recent: r.recent[i] ?? null,
    };
  });
  return { recentHours: answer.recentHours, stations };
};
