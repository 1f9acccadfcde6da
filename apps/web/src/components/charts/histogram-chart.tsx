import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatTick } from '@/lib/format';
import { binDecimals, groupedHistogram } from './buckets';
import { ChartTooltip, MARGIN_X, SeriesLegend, axisTitle, panels, useWidth } from './chart-parts';
import { CHART_THEME, type ChartProps } from './chart-types';

type Row = Record<string, number | string>;

/** Room a rotated bin label takes along the axis (px). */
const BIN_LABEL_PX = 44;

/**
 * Histogram (spec §3, §9): every series' values in the window, in at most 20 bins per axis (a unit,
 * or a unitless sensor), one panel each; series of one axis share the bins as grouped bars. Bins are
 * keyed by their index (two bins' labels may read alike at one decimal, and @nivo would draw them as
 * one bar), and labelled with as many decimals as their width needs. Double-click resets the zoom.
 */
export const HistogramChart = ({ series, domain, height, label, locale, onReset }: ChartProps) => {
  const { t } = useTranslation();
  const [ref, width] = useWidth();
  const { groups, panelHeight } = panels(series, height);

  const drawn = groups.flatMap((group) => {
    const valueSets = group.members.map((s) =>
      s.points.flatMap((p) => (p.y !== null && p.x >= domain[0] && p.x <= domain[1] ? [p.y] : [])),
    );
    const members = group.members.filter((_, k) => (valueSets[k]?.length ?? 0) > 0);
    const bins = groupedHistogram(valueSets.filter((v) => v.length > 0));
    if (bins.length === 0) return [];
    const decimals = binDecimals(bins);
    const bound = (v: number) => formatTick(v, decimals, '', locale);
    const labels = bins.map((b) => `${bound(b.from)}–${bound(b.to)}`);
    const data: Row[] = bins.map((b, i) => ({
      bin: String(i),
      ...Object.fromEntries(members.map((s, k) => [s.id, b.counts[k] ?? 0])),
    }));
    return [{ group, members, bins, labels, data }];
  });

  const every = Math.max(
    1,
    Math.ceil(
      Math.max(...drawn.map((d) => d.bins.length), 1) /
        Math.max(1, Math.floor((width - MARGIN_X.left - MARGIN_X.right) / BIN_LABEL_PX)),
    ),
  );

  return (
    <div ref={ref} onDoubleClick={onReset} title={t('charts.resetZoom')}>
      <SeriesLegend series={series} />
      <Stack>
        {width > 0 &&
          drawn.map(({ group, members, bins, labels, data }) => {
            const tooltip = ({ id, value, index, color }: BarTooltipProps<Row>) => {
              const s = members.find((m) => m.id === id);
              return (
                <ChartTooltip color={s?.color ?? color} title={s?.label ?? String(id)}>
                  <div>
                    {labels[index]}
                    {group.unit ? ` ${group.unit}` : ''}
                  </div>
                  <div>{t('charts.tooltipCount', { count: value })}</div>
                </ChartTooltip>
              );
            };
            return (
              <div key={group.key} style={{ height: panelHeight }} data-testid="chart-panel" data-bins={bins.length}>
                <ResponsiveBar
                  data={data}
                  keys={members.map((s) => s.id)}
                  indexBy="bin"
                  groupMode="grouped"
                  margin={{ top: 10, ...MARGIN_X, bottom: 56 }}
                  padding={0.05}
                  colors={members.map((s) => s.color)}
                  enableLabel={false}
                  axisBottom={{
                    tickValues: data.map((d) => String(d['bin'])).filter((_, i) => i % every === 0),
                    format: (v: number | string) => labels[Number(v)] ?? '',
                    tickRotation: -30,
                    legend: axisTitle(group, locale),
                    legendOffset: 48,
                    legendPosition: 'middle',
                  }}
                  axisLeft={{ tickValues: 5, legend: t('charts.count'), legendOffset: -54, legendPosition: 'middle' }}
                  tooltip={tooltip}
                  animate={false}
                  theme={CHART_THEME}
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
