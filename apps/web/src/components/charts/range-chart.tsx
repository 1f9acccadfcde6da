import type { PointTooltipProps } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatReading } from '@/lib/format';
import { ChartTooltip, SeriesLegend, panels, timeAxis, useWidth } from './chart-parts';
import { LinePanels, linePanels, type Line } from './line-panels';
import type { ChartProps, ChartSeries } from './chart-types';
import { RANGE_TICKS } from './buckets';
import { breakAtGaps } from './gaps';
import { envelopeLayer } from './envelope';
import { TimeBrush } from './time-brush';

/**
 * Range chart (spec §3, §9): the envelope chart. Each bucket's min–max as a shaded band and the value
 * line (the mean, or the maximum for depth) over it, one panel per axis (a unit, or a unitless sensor)
 * as on the time series; its answer is asked in fewer, wider buckets than a time series'
 * (RANGE_RESOLUTION), so each band shows a spread worth reading. At most 8 time ticks on calendar
 * boundaries over exactly the window; a drag zooms, a double-click resets the zoom.
 */
export const RangeChart = ({ series, domain, height, label, locale, onReset, onZoom }: ChartProps) => {
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
        <div>{s?.aggregation === 'max' ? t('charts.tooltipMax', { value }) : t('charts.tooltipMean', { value })}</div>
        {band && <div>{t('charts.tooltipRange', { min: formatReading(band.min), max: formatReading(band.max, unit) })}</div>}
      </ChartTooltip>
    );
  };

  const inWindow = (x: number) => x >= domain[0] && x <= domain[1];
  const drawn = linePanels(
    groups,
    panelHeight,
    locale,
    (s) => {
      const data = breakAtGaps(
        s.points.filter((p) => inWindow(p.x)),
        s,
      ).map((p) => ({ x: p.x, y: p.y }));
      return data.some((p) => p.y !== null) ? { id: s.id, data } : null;
    },
    (s) => s.bands.filter((b) => inWindow(b.x)).flatMap((b) => [b.min, b.max]),
  );

  // Every series gets its band here, even one bucket of one reading (a bar of no height): this chart is about the range.
  const banded = (members: readonly ChartSeries[]) => members.map((s) => ({ ...s, envelope: true }));
  const chart = (
    <LinePanels
      panels={drawn}
      panelHeight={panelHeight}
      domain={domain}
      axis={axis}
      locale={locale}
      label={label}
      lineWidth={1.5}
      tooltip={tooltip}
      layers={({ group }) => ['grid', envelopeLayer(banded(group.members), domain, 0.35), 'axes', 'lines', 'crosshair', 'mesh']}
    />
  );

  return (
    <div ref={ref} onDoubleClick={onReset} title={t('charts.resetZoom')}>
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
