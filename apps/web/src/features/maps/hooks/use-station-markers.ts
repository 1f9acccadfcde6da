import type { MapStation } from '@groundtruth/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMarker } from '@/components/map';
import { currentLocale } from '@/i18n';
import { formatReading } from '@/lib/format';
import { useModulesMeta } from '../api/get-modules-meta';
import { recentHours } from '../api/get-map-stations';
import {
  compareReadings,
  sensorIndex,
  sensorLabel,
  stationReading,
  type ReadingMode,
  type SensorInfo,
  type StationReading,
} from '../utils/station-readings';

export type StationMarkers = {
  /** Each station's reading, by id. */
  readonly readings: ReadonlyMap<number, StationReading>;
  /** Stations in spec §4 marker order. */
  readonly ordered: readonly MapStation[];
  /** Markers of the stations that have a location, in the same order. */
  readonly markers: readonly MapMarker[];
  readonly sensors: ReadonlyMap<number, SensorInfo>;
  /** Sensor meta could not be loaded (markers show without sensor names and threshold colours). */
  readonly failed: boolean;
};

/** Markers and order of stations from GET /stations/map (spec §2 All-stations views, §4, §9). */
export const useStationMarkers = (stations: readonly MapStation[] | undefined, mode: ReadingMode): StationMarkers => {
  const { t } = useTranslation();
  const meta = useModulesMeta();
  const locale = currentLocale();

  return useMemo(() => {
    const list = stations ?? [];
    const sensors = sensorIndex(meta.data);
    const readings = new Map(list.map((station) => [station.id, stationReading(station, sensors, mode)]));
    const names = new Map(list.map((station) => [station.id, station.name]));
    const sorted = [...readings.values()].sort(compareReadings(names));
    const byId = new Map(list.map((station) => [station.id, station]));
    const ordered = sorted.map((reading) => byId.get(reading.stationId)!);
    const hours = recentHours();
    const markers: MapMarker[] = [];
    for (const reading of sorted) {
      const station = byId.get(reading.stationId)!;
      if (!station.location) continue;
      const name = station.name;
      // Said only for the markers drawn (tens, of 10,000 stations): worked out when first read, once.
      let said: string | null = null;
      const say = (): string =>
        reading.category === 'inactive'
          ? t('stationsMap.marker.inactive', { name })
          : reading.value !== null && reading.sensor
            ? t(mode === 'recent' ? 'stationsMap.marker.recent' : 'stationsMap.marker.latest', {
                name,
                value: formatReading(reading.value, reading.sensor.unitOfMeasure),
                sensor: sensorLabel(reading.sensor, locale),
                hours,
              })
            : reading.category === 'noRecent'
              ? t('stationsMap.marker.noRecent', { name, hours })
              : t('stationsMap.marker.noData', { name });
      markers.push({
        id: station.id,
        position: station.location,
        get label() {
          said ??= say();
          return said;
        },
        text: reading.value !== null ? formatReading(reading.value) : null,
        color: reading.colour,
        muted: reading.category === 'inactive',
        severity: reading.severity,
      });
    }
    return { readings, ordered, markers, sensors, failed: meta.isError };
  }, [stations, meta.data, meta.isError, mode, t, locale]);
};
