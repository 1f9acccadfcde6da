import { ResponsiveBar, type BarTooltipProps } from '@nivo/bar';
import Stack from '@mui/material/Stack';
import { formatDateTime, formatReading } from '@/lib/format';
import { barStepSeconds, toBars } from './buckets';
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
import { CHART_THEME, type ChartProps } from './chart-types';
import { TimeBrush } from './time-brush';

type Row = Record<string, number>;

/**
 * Bar chart (spec §9): bars of 5 minutes, or one bucket when buckets are over 300 s; series side by
 * side, one panel per axis (a unit, or a unitless sensor) as on the time series. Bars are places on
 * a band, not instants: a calendar tick is drawn under the bar it falls in.
 */
export const BarChart = ({ series, domain, height, label, locale, onZoom }: ChartProps) => {
  const [ref, width] = useWidth();
  const { groups, panelHeight } = panels(series, height);
  const rows = new Map<number, Row>();
  const values = new Map<string, number[]>();
  let stepMs = 300_000;
  for (const s of series) {
    const step = barStepSeconds(s.bucketSeconds);
    stepMs = step * 1000;
    const inside = s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]);
    const bars = toBars(inside, step, s.aggregation);
    values.set(
      s.id,
      bars.map((b) => b.value),
    );
    for (const bar of bars) {
      const row = rows.get(bar.start) ?? { start: bar.start };
      row[s.id] = bar.value;
      rows.set(bar.start, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => (a['start'] ?? 0) - (b['start'] ?? 0));
  const starts = data.map((d) => d['start'] ?? 0);
  const axis = timeAxis(domain, width, locale);
  const tickBars = new Map<number, readonly string[]>();
  for (const tick of axis.ticks) {
    const bar = starts.find((start) => start <= tick.at && tick.at < start + stepMs);
    if (bar !== undefined && !tickBars.has(bar)) tickBars.set(bar, axis.labels.get(tick.at) ?? []);
  }

  const tooltip = ({ id, value, indexValue, color }: BarTooltipProps<Row>) => {
    const s = series.find((c) => c.id === id);
    return (
      <ChartTooltip color={s?.color ?? color} title={s?.label ?? String(id)}>
        <div>{formatDateTime(Number(indexValue))}</div>
        <div>{formatReading(value, s?.unit ?? '')}</div>
      </ChartTooltip>
    );
  };

  const drawn = groups.flatMap((group) => {
    const members = group.members.filter((s) => (values.get(s.id)?.length ?? 0) > 0);
    const y = valueAxis(
      members.flatMap((s) => [0, ...(values.get(s.id) ?? [])]),
      panelHeight,
      locale,
    );
    return y && members.length > 0 ? [{ group, members, y }] : [];
  });

  const panelsDrawn = (
    <Stack>
      {width > 0 &&
        drawn.map(({ group, members, y }, i) => {
          const last = i === drawn.length - 1;
          return (
            <div key={group.key} style={{ height: panelHeight }} data-testid="chart-panel">
              <ResponsiveBar
                data={data}
                keys={members.map((s) => s.id)}
                indexBy="start"
                groupMode="grouped"
                margin={{ top: 10, ...MARGIN_X, bottom: last ? TIME_AXIS_BOTTOM : 10 }}
                padding={0.1}
                valueScale={y.scale}
                colors={members.map((s) => s.color)}
                enableLabel={false}
                enableGridX={false}
                gridYValues={y.ticks}
                axisBottom={last ? { tickValues: [...tickBars.keys()], renderTick: timeTickRenderer(tickBars) } : null}
                axisLeft={{
                  tickValues: y.ticks,
                  format: y.format,
                  legend: axisTitle(group, locale),
                  legendOffset: -54,
                  legendPosition: 'middle',
                }}
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
  );

  return (
    <div ref={ref}>
      <SeriesLegend series={series} />
      {onZoom && width > 0 ? (
        <TimeBrush domain={domain} width={width} onZoom={onZoom} bars={{ starts, stepMs }}>
          {panelsDrawn}
        </TimeBrush>
      ) : (
        panelsDrawn
      )}
    </div>
  );
};
