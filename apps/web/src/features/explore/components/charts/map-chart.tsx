import type { Station } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, SMALL_MAP_ZOOM, boundsAround, defaultBounds, type MapCapture, type MapMarker } from '@/components/map';
import { useChartData } from '../../api/get-chart-data';
import type { ChartDrawer } from '../../utils/chart-image';
import { windowValues } from '../../utils/map-values';
import { mapChartDrawing, mapLegendSvg, mapPixelRatio, type MapLegendItem } from '../../utils/map-image';
import type { SeriesRef, TimeRange } from '../../utils/workspace';
import type { ThresholdBand } from '@/components/charts/chart-types';

type MapChartProps = {
  readonly series: SeriesRef;
  readonly stations: readonly Station[];
  readonly range: TimeRange;
  readonly thresholds: readonly ThresholdBand[];
  readonly unit: string;
  /** The sensor's aggregation: the window's maximum (depth) or mean, named in the key. */
  readonly aggregation: 'avg' | 'max';
  readonly height: number;
  /** Set while the map is shown: draws the chart to save it ('Save as'), the map with its key. */
  readonly drawRef?: RefObject<ChartDrawer | null>;
};

/** Spec §9 default threshold colour, and black for a value outside every level. */
const DEFAULT_COLOUR = '#00ccff';
const NO_LEVEL = '#000000';
const NO_DATA = '#9e9e9e';

const colourOf = (value: number | null, thresholds: readonly ThresholdBand[]): string => {
  if (value === null) return NO_DATA;
  if (thresholds.length === 0) return DEFAULT_COLOUR;
  return thresholds.find((b) => b.from <= value && value < b.to)?.color ?? NO_LEVEL;
};

/**
 * Map chart (spec §3): the workspace's stations on the product's map, each coloured by the sensor's
 * value over the window (one bucket per station, exactly the window; max or mean as the sensor
 * aggregates, and the key says which), with the key of its colours under it. Saved as an image, the map is a picture of the basemap with the markers
 * and the key drawn over and under it (utils/map-image.ts).
 */
export const MapChart = ({ series, stations, range, thresholds, unit, aggregation, height, drawRef }: MapChartProps) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const capture = useRef<MapCapture | null>(null);
  const placed = stations.filter((s) => s.location !== null);
  const answer = useChartData({ stations: placed.map((s) => s.id), sensors: [series.sensorId], range, resolution: 1 });
  // One bucket per station, clipped to the window by the API: the window's own value.
  const values = windowValues(answer.data, series.sensorId, aggregation);
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
  const legend: MapLegendItem[] = [
    ...(thresholds.length === 0
      ? [{ color: DEFAULT_COLOUR, label: t('explore.mapReading') }]
      : [...thresholds.map((b) => ({ color: b.color, label: b.label })), { color: NO_LEVEL, label: t('explore.mapNoLevel') }]),
    { color: NO_DATA, label: t('explore.noData') },
  ];
  const max = aggregation === 'max';
  const lead = unit ? t(max ? 'explore.mapMaxIn' : 'explore.mapMeanIn', { unit }) : t(max ? 'explore.mapMax' : 'explore.mapMean');
  // One station (or a few close together) would be fitted street-close, where the shipped basemap has
  // nothing to draw: no closer than a station's own small map.
  const view = { bounds: boundsAround(placed.map((s) => s.location!.precise)) ?? defaultBounds(), maxZoom: SMALL_MAP_ZOOM };

  // The drawer reads the key of this render: a ref, so that the save menu keeps one function.
  const drawing = useRef({ legend, lead });
  drawing.current = { legend, lead };
  useEffect(() => {
    if (!drawRef) return;
    const draw: ChartDrawer = async (area) => {
      const take = capture.current;
      const width = box.current?.clientWidth ?? 0;
      if (!take || width === 0) throw new Error('The map is not drawn yet.');
      const key = mapLegendSvg(drawing.current.legend, drawing.current.lead, width);
      const snapshot = await take({ pixelRatio: mapPixelRatio({ width, height }, key.height, area) });
      return mapChartDrawing(snapshot, key);
    };
    drawRef.current = draw;
    return () => {
      if (drawRef.current === draw) drawRef.current = null;
    };
  }, [drawRef, height]);

  return (
    <Box ref={box}>
      <MapView label={t('explore.mapLegend')} view={view} markers={markers} height={height} captureRef={capture} />
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        data-testid="map-chart-legend"
        sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', m: 0, mt: 1, p: 0, alignItems: 'center' }}
      >
        {lead && (
          <Typography component="li" variant="body2" sx={{ fontWeight: 600 }}>
            {lead}
          </Typography>
        )}
        {legend.map((item) => (
          <Stack component="li" key={`${item.color}-${item.label}`} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box
              aria-hidden
              data-legend-colour={item.color.toLowerCase()}
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: item.color, border: '1px solid rgba(0,0,0,0.2)' }}
            />
            <Typography variant="body2">{item.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
