import type { LineCustomSvgLayerProps, PointTooltipProps } from '@nivo/line';
import { formatDateTime, formatReading } from '@/lib/format';
import { breakAtGaps } from './gaps';
import { ChartTooltip, SeriesLegend, panels, timeAxis, useWidth } from './chart-parts';
import { LinePanels, linePanels, type Line } from './line-panels';
import { envelopeLayer } from './envelope';
import { TimeBrush } from './time-brush';
import type { ChartProps, ChartSeries, ThresholdBand } from './chart-types';

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

/** A point's tooltip: the series, the moment (M/D/YYYY HH:mm:ss, the language's way) and the value to 1 decimal with its unit. */
export const pointTooltip =
  (series: readonly ChartSeries[]) =>
  ({ point }: PointTooltipProps<Line>) => {
    const s = series.find((c) => c.id === point.seriesId);
    return (
      <ChartTooltip color={s?.color ?? point.seriesColor} title={s?.label ?? String(point.seriesId)}>
        <div>{formatDateTime(Number(point.data.x))}</div>
        <div>{formatReading(Number(point.data.y), s?.unit ?? '')}</div>
      </ChartTooltip>
    );
  };

/** A series' points in the window, broken at its gaps; null for a series with nothing to draw (it would draw `d="null"`). */
const lineOf = (s: ChartSeries, domain: readonly [number, number]): Line | null => {
  const data = breakAtGaps(
    s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]),
    s,
  ).map((p) => ({ x: p.x, y: p.y }));
  return data.some((p) => p.y !== null) ? { id: s.id, data } : null;
};

/**
 * Time series (spec §3): one panel per axis (a unit, or a unitless sensor; at most three, checked by
 * the caller), lines broken where readings are missing (gaps.ts: wider than the series' own reading interval allows). An aggregated
 * series draws its buckets' min–max envelope as a faint band under its line (the mean, or the
 * maximum for depth), so summarising never aliases. The time axis spans exactly the window, its
 * ticks on calendar boundaries, as many as its width holds; a drag across it zooms (`onZoom`).
 */
export const TimeSeriesChart = ({ series, domain, height, label, locale, onZoom }: ChartProps) => {
  const [ref, width] = useWidth();
  const { groups, panelHeight } = panels(series, height);
  const axis = timeAxis(domain, width, locale);
  const drawn = linePanels(
    groups,
    panelHeight,
    locale,
    (s) => lineOf(s, domain),
    (s) => (s.envelope ? s.bands.filter((b) => b.x >= domain[0] && b.x <= domain[1]).flatMap((b) => [b.min, b.max]) : []),
  );
  const chart = (
    <LinePanels
      panels={drawn}
      panelHeight={panelHeight}
      domain={domain}
      axis={axis}
      locale={locale}
      label={label}
      lineWidth={2}
      tooltip={pointTooltip(series)}
      layers={({ group }) => [
        thresholdLayer(group.members.flatMap((s) => s.thresholds)),
        'grid',
        envelopeLayer(group.members, domain, 0.18),
        'axes',
        'lines',
        'crosshair',
        'mesh',
      ]}
    />
  );
  return (
    <div ref={ref}>
      <SeriesLegend series={series} />
      {width > 0 &&
        (onZoom ? (
          <TimeBrush domain={domain} width={width} onZoom={onZoom}>
            {chart}
          </TimeBrush>
        ) : (
          chart
        ))}
    </div>
  );
};
