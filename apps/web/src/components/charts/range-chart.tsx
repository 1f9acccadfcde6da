import type { LineCustomSvgLayerProps, PointTooltipProps } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatReading } from '@/lib/format';
import { ChartTooltip, SeriesLegend, panels, timeAxis, useWidth } from './chart-parts';
import { LinePanels, linePanels, type Line } from './line-panels';
import type { ChartProps, ChartSeries } from './chart-types';
import { RANGE_TICKS } from './buckets';

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

  const inWindow = (x: number) => x >= domain[0] && x <= domain[1];
  const drawn = linePanels(
    groups,
    panelHeight,
    locale,
    (s) => {
      const data = s.points.filter((p) => inWindow(p.x)).map((p) => ({ x: p.x, y: p.y }));
      return data.some((p) => p.y !== null) ? { id: s.id, data } : null;
    },
    (s) => s.bands.filter((b) => inWindow(b.x)).flatMap((b) => [b.min, b.max]),
  );

  return (
    <div ref={ref} onDoubleClick={onReset} title={t('explore.resetZoom')}>
      <SeriesLegend series={series} />
      {width > 0 && (
        <LinePanels
          panels={drawn}
          panelHeight={panelHeight}
          domain={domain}
          axis={axis}
          locale={locale}
          label={label}
          lineWidth={1.5}
          tooltip={tooltip}
          layers={({ group }) => ['grid', bandLayer(group.members, domain), 'axes', 'lines', 'crosshair', 'mesh']}
        />
      )}
    </div>
  );
};
