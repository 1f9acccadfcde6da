import type { Station } from '@groundtruth/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMarker } from '@/components/map';
import { currentLocale } from '@/i18n';
import { useModulesMeta } from '../api/get-modules-meta';
import { useRecentReadings } from '../api/get-recent-readings';
import { formatReading } from '@/lib/format';
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
  readonly ordered: readonly Station[];
  /** Markers of the stations that have a location, in the same order. */
  readonly markers: readonly MapMarker[];
  readonly sensors: ReadonlyMap<number, SensorInfo>;
  /** Readings or sensor meta are still loading (markers show without values meanwhile). */
  readonly loading: boolean;
  /** Readings could not be loaded (markers show without values). */
  readonly failed: boolean;
};

/** Markers and order of stations from their recent readings (spec §2 All-stations views, §4, §9). */
export const useStationMarkers = (stations: readonly Station[] | undefined, mode: ReadingMode): StationMarkers => {
  const { t } = useTranslation();
  const list = useMemo(() => stations ?? [], [stations]);
  const recently = useRecentReadings(list.map((station) => station.id));
  const meta = useModulesMeta();
  const locale = currentLocale();

  return useMemo(() => {
    const sensors = sensorIndex(meta.data);
    const readings = new Map(list.map((station) => [station.id, stationReading(station, recently.data, sensors, mode)]));
    const names = new Map(list.map((station) => [station.id, station.name]));
    const sorted = [...readings.values()].sort(compareReadings(names));
    const byId = new Map(list.map((station) => [station.id, station]));
    const ordered = sorted.map((reading) => byId.get(reading.stationId)!);
    const markers: MapMarker[] = [];
    for (const reading of sorted) {
      const station = byId.get(reading.stationId)!;
      if (!station.location) continue;
      const name = station.name;
      const label =
        reading.category === 'inactive'
          ? t('stationsMap.marker.inactive', { name })
          : reading.value !== null && reading.sensor
            ? t('stationsMap.marker.value', {
                name,
                value: formatReading(reading.value, reading.sensor.unitOfMeasure),
                sensor: sensorLabel(reading.sensor, locale),
              })
            : reading.category === 'noRecent'
              ? t('stationsMap.marker.noRecent', { name })
              : t('stationsMap.marker.noData', { name });
      markers.push({
        id: station.id,
        position: station.location.precise,
        label,
        text: reading.value !== null ? formatReading(reading.value) : null,
        color: reading.colour,
        muted: reading.category === 'inactive',
      });
    }
    return {
      readings,
      ordered,
      markers,
      sensors,
      loading: recently.isPending && list.length > 0,
      failed: recently.isError || meta.isError,
    };
  }, [list, recently.data, recently.isPending, recently.isError, meta.data, meta.isError, mode, t, locale]);
};
