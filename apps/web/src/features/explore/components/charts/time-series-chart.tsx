import { ResponsiveLine, type LineCustomSvgLayerProps, type LineSeries } from '@nivo/line';
import Stack from '@mui/material/Stack';
import { breakAtGaps } from '../../utils/gaps';
import { unitsOf } from '../../utils/series';
import { CHART_THEME, formatTick, type ChartProps, type ChartSeries, type ThresholdBand } from './chart-types';

type Datum = { x: number; y: number | null };
type Line = LineSeries & { id: string; data: Datum[] };

/** Threshold levels of the catalogue as faint bands behind the lines. */
const thresholdLayer =
  (bands: readonly ThresholdBand[]) =>
  ({ yScale, innerWidth }: LineCustomSvgLayerProps<Line>) => {
    const scale = yScale as unknown as ((v: number) => number) & { domain: () => number[] };
    const [lo = 0, hi = 0] = scale.domain();
    return (
      <g aria-hidden="true">
        {bands.map((b) => {
          const from = Math.max(lo, b.from);
          const to = Math.min(hi, b.to);
          if (to <= from) return null;
          const y1 = scale(to);
          const y2 = scale(from);
          return (
            <rect
              key={`${b.from}-${b.to}`}
              x={0}
              width={innerWidth}
              y={y1}
              height={Math.max(0, y2 - y1)}
              fill={b.color}
              opacity={0.12}
            />
          );
        })}
      </g>
    );
  };

/**
 * Time series (spec §3): one panel per unit, each with its own axis (at most three, checked by the
 * caller), lines broken at gaps wider than the sensor's minimumGap and the bucket.
 */
export const TimeSeriesChart = ({ series, domain, height, label, locale }: ChartProps) => {
  const units = unitsOf(series.map((s) => s.unit));
  const span = domain[1] - domain[0];
  const panelHeight = Math.max(160, Math.floor(height / units.length));
  return (
    <Stack>
      {units.map((unit, i) => {
        const mine = series.filter((s) => s.unit === unit);
        const data: Line[] = mine.map((s: ChartSeries) => ({
          id: s.id,
          data: breakAtGaps(
            s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]),
            { minimumGapSeconds: s.minimumGapSeconds, bucketSeconds: s.bucketSeconds },
          ).map((p) => ({ x: p.x, y: p.y })),
        }));
        return (
          <div key={unit} style={{ height: panelHeight }}>
            <ResponsiveLine
              data={data}
              xScale={{ type: 'linear', min: domain[0], max: domain[1] }}
              yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
              margin={{ top: 10, right: 20, bottom: i === units.length - 1 ? 40 : 10, left: 64 }}
              axisBottom={
                i === units.length - 1
                  ? { tickValues: 6, format: (v: number | string) => formatTick(Number(v), span, locale) }
                  : null
              }
              axisLeft={{ tickValues: 5, legend: unit, legendOffset: -54, legendPosition: 'middle' }}
              colors={mine.map((s) => s.color)}
              enablePoints={false}
              enableGridX={false}
              lineWidth={2}
              animate={false}
              useMesh
              theme={CHART_THEME}
              layers={[thresholdLayer(mine.flatMap((s) => s.thresholds)), 'grid', 'axes', 'lines', 'crosshair', 'mesh']}
              role="img"
              ariaLabel={label}
            />
          </div>
        );
      })}
    </Stack>
  );
};
