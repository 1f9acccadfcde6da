import type { Station } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { MapView, boundsAround, defaultBounds, type MapMarker } from '@/components/map';
import { useChartData } from '../../api/get-chart-data';
import type { ThresholdBand } from './chart-types';
import type { SeriesRef, TimeRange } from '../../utils/workspace';

type MapChartProps = {
  readonly series: SeriesRef;
  readonly stations: readonly Station[];
  readonly range: TimeRange;
  readonly thresholds: readonly ThresholdBand[];
  readonly unit: string;
  readonly height: number;
};

/** Spec §9 default threshold colour, and black for a value outside every level. */
const DEFAULT_COLOUR = '#00ccff';
const NO_LEVEL = '#000000';

const colourOf = (value: number | null, thresholds: readonly ThresholdBand[]): string => {
  if (value === null) return '#9e9e9e';
  if (thresholds.length === 0) return DEFAULT_COLOUR;
  return thresholds.find((b) => b.from <= value && value < b.to)?.color ?? NO_LEVEL;
};

/**
 * Map chart (spec §3): the workspace's stations on the product's map, each coloured by the sensor's
 * value over the window (one bucket per station; max or mean as the sensor aggregates).
 */
export const MapChart = ({ series, stations, range, thresholds, unit, height }: MapChartProps) => {
  const { t } = useTranslation();
  const placed = stations.filter((s) => s.location !== null);
  const answer = useChartData({ stations: placed.map((s) => s.id), sensors: [series.sensorId], range, resolution: 1 });
  const values = new Map<number, number | null>();
  // One bucket per station: its first (only) value.
  for (const s of answer.data?.series ?? []) if (s.sensorId === series.sensorId) values.set(s.stationId, s.value[0] ?? null);
  const markers: MapMarker[] = placed.map((s) => {
    const value = values.get(s.id) ?? null;
    return {
      id: s.id,
      position: s.location!.precise,
      label: `${s.name}: ${value === null ? t('explore.noData') : `${value.toFixed(1)} ${unit}`}`,
      text: value === null ? null : value.toFixed(1),
      color: colourOf(value, thresholds),
    };
  });
  const view = { bounds: boundsAround(placed.map((s) => s.location!.precise)) ?? defaultBounds() };
  return <MapView label={t('explore.mapLegend')} view={view} markers={markers} height={height} />;
};
