import { ResponsiveLine, type LineCustomSvgLayerProps, type LineSeries, type PointTooltipProps } from '@nivo/line';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatReading } from '@/lib/format';
import {
  ChartTooltip,
  MARGIN_X,
  SeriesLegend,
  TIME_AXIS_BOTTOM,
  axisTitle,
  panels,
  timeAxis,
  timeTickRenderer,
  useWidth,
  valueAxis,
} from './chart-parts';
import { CHART_THEME, type ChartProps, type ChartSeries } from './chart-types';
import { RANGE_TICKS } from '../../utils/buckets';

type Line = LineSeries & { id: string; data: { x: number; y: number | null }[] };

/** Each bucket's min–max as a band under its value line. */
const bandLayer =
  (series: readonly ChartSeries[], domain: readonly [number, number]) =>
  ({ xScale, yScale }: LineCustomSvgLayerProps<Line>) => {
    const x = xScale as unknown as (v: number) => number;
    const y = yScale as unknown as (v: number) => number;
    return (
      <g aria-hidden="true">
        {series.map((s) => {
          const inside = s.bands.filter((b) => b.x >= domain[0] && b.x <= domain[1]);
          if (inside.length === 0) return null;
          const top = inside.map((b) => `${x(b.x)},${y(b.max)}`);
          const bottom = inside.map((b) => `${x(b.x)},${y(b.min)}`).reverse();
          return <polygon key={s.id} points={[...top, ...bottom].join(' ')} fill={s.color} opacity={0.25} />;
        })}
      </g>
    );
  };

/**
 * Range chart (spec §3, §9): each bucket's min–max band and the value line, one panel per axis (a
 * unit, or a unitless sensor) as on the time series; at most 8 time ticks on calendar boundaries over
 * exactly the window; double-click resets the zoom.
 */
export const RangeChart = ({ series, domain, height, label, locale, onReset }: ChartProps) => {
  const { t } = useTranslation();
  const [ref, width] = useWidth();
  const { groups, panelHeight } = panels(series, height);
  const axis = timeAxis(domain, width, locale, RANGE_TICKS);
  const bandAt = new Map(series.map((s) => [s.id, new Map(s.bands.map((b) => [b.x, b]))]));

  const tooltip = ({ point }: PointTooltipProps<Line>) => {
    const s = series.find((c) => c.id === point.seriesId);
    const x = Number(point.data.x);
    const band = bandAt.get(String(point.seriesId))?.get(x);
    const unit = s?.unit ?? '';
    const value = formatReading(Number(point.data.y), unit);
    return (
      <ChartTooltip color={s?.color ?? point.seriesColor} title={s?.label ?? String(point.seriesId)}>
        <div>{formatDateTime(x)}</div>
        <div>{s?.aggregation === 'max' ? t('explore.tooltipMax', { value }) : t('explore.tooltipMean', { value })}</div>
        {band && <div>{t('explore.tooltipRange', { min: formatReading(band.min), max: formatReading(band.max, unit) })}</div>}
      </ChartTooltip>
    );
  };

  const drawn = groups.flatMap((group) => {
    const lines = group.members.flatMap((s) => {
      const data = s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]).map((p) => ({ x: p.x, y: p.y }));
      // A series with nothing to draw would draw `d="null"`.
      return data.some((p) => p.y !== null) ? [{ s, line: { id: s.id, data } as Line }] : [];
    });
    const values = lines.flatMap(({ s, line }) => [
      ...line.data.flatMap((p) => (p.y === null ? [] : [Number(p.y)])),
      ...s.bands.filter((b) => b.x >= domain[0] && b.x <= domain[1]).flatMap((b) => [b.min, b.max]),
    ]);
    const y = valueAxis(values, panelHeight, locale);
    return y && lines.length > 0 ? [{ group, lines, y }] : [];
  });

  return (
    <div ref={ref} onDoubleClick={onReset} title={t('explore.resetZoom')}>
      <SeriesLegend series={series} />
      <Stack>
        {width > 0 &&
          drawn.map(({ group, lines, y }, i) => {
            const last = i === drawn.length - 1;
            return (
              <div
                key={group.key}
                style={{ height: panelHeight }}
                data-testid="chart-panel"
                data-x-start={domain[0]}
                data-x-end={domain[1]}
                data-margin-left={MARGIN_X.left}
                data-margin-right={MARGIN_X.right}
              >
                <ResponsiveLine
                  data={lines.map(({ line }) => line)}
                  xScale={{ type: 'linear', min: domain[0], max: domain[1], nice: false }}
                  yScale={y.scale}
                  margin={{ top: 10, ...MARGIN_X, bottom: last ? TIME_AXIS_BOTTOM : 10 }}
                  axisBottom={
                    last ? { tickValues: axis.ticks.map((tick) => tick.at), renderTick: timeTickRenderer(axis.labels) } : null
                  }
                  axisLeft={{
                    tickValues: y.ticks,
                    format: y.format,
                    legend: axisTitle(group, locale),
                    legendOffset: -54,
                    legendPosition: 'middle',
                  }}
                  gridYValues={y.ticks}
                  colors={lines.map(({ s }) => s.color)}
                  enablePoints={false}
                  enableGridX={false}
                  lineWidth={1.5}
                  animate={false}
                  useMesh
                  tooltip={tooltip}
                  theme={CHART_THEME}
                  layers={['grid', bandLayer(group.members, domain), 'axes', 'lines', 'crosshair', 'mesh']}
                  role="img"
                  ariaLabel={label}
                />
              </div>
            );
          })}
      </Stack>
    </div>
  );
};
