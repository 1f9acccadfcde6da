import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTick, formatUnit } from '@/lib/format';
import { niceTicks } from '@/lib/nice-ticks';
import { axisGroups, type AxisGroup } from './axes';
import type { TimeRange } from './chart-types';
import { ticksForWidth, timeTickLabels, timeTicks, type TimeTick } from './time-ticks';
import type { ChartSeries } from './chart-types';

/** Left and right margins of every drawn chart (the y axis' ticks and title sit in the left one). */
export const MARGIN_X = { left: 64, right: 20 } as const;
/** Room under a time axis for two lines of tick labels (time, then the date where it changes). */
export const TIME_AXIS_BOTTOM = 44;

/** The width an element is drawn at, followed as it changes (the phone turned, the sidebar opened). */
export const useWidth = (): [RefObject<HTMLDivElement | null>, number] => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
};

/** The ticks of a time axis `width` px wide (its margins taken off) over the window, and their labels. */
export const timeAxis = (domain: TimeRange, width: number, locale: string, max = 8) => {
  const inner = width - MARGIN_X.left - MARGIN_X.right;
  const ticks: TimeTick[] = timeTicks(domain, (unit) => ticksForWidth(inner, max, unit));
  const lines = timeTickLabels(ticks, locale);
  return { ticks, labels: new Map(ticks.map((t, i) => [t.at, lines[i] ?? []])) };
};

/** What @nivo's axes hand a tick renderer (the part used here; @nivo/axes is not a dependency of ours). */
type TickProps = {
  readonly x: number;
  readonly y: number;
  readonly value: number | string;
  readonly lineX: number;
  readonly lineY: number;
  readonly textX: number;
  readonly textY: number;
};

/** A tick of a time axis: its label on one or two lines, and the instant it stands for (read by the browser tests). */
export const timeTickRenderer =
  (labels: ReadonlyMap<number, readonly string[]>) =>
  ({ x, y, value, lineX, lineY, textX, textY }: TickProps) => {
    const lines = labels.get(Number(value)) ?? [];
    return (
      <g transform={`translate(${x},${y})`} data-time={value}>
        <line x1={0} x2={lineX} y1={0} y2={lineY} stroke="#777" strokeWidth={1} />
        <text
          textAnchor="middle"
          dominantBaseline="text-before-edge"
          // The family @nivo gives its own axis text: a saved chart (an SVG on its own) has no page font to inherit.
          style={{ fontSize: 11, fill: '#333', fontFamily: 'sans-serif' }}
        >
          {lines.map((line, i) => (
            <tspan key={i} x={textX} y={textY + i * 13}>
              {line}
            </tspan>
          ))}
        </text>
      </g>
    );
  };

/** An axis' title: the unit, or the sensor's name when it has none (pH). */
export const axisTitle = (group: AxisGroup<ChartSeries>, locale: string): string =>
  group.unit ? formatUnit(group.unit, locale) : (group.members[0]?.sensor ?? '');

/** A value axis on round numbers over `values`, its ticks written in the language's digits (7,2 in Spanish). */
export const valueAxis = (values: readonly number[], height: number, locale: string) => {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const nice = niceTicks(lo, hi, height < 200 ? 4 : 6);
  if (!nice) return null;
  return {
    scale: { type: 'linear', min: nice.min, max: nice.max, nice: false } as const,
    ticks: [...nice.ticks],
    format: (v: number | string) => formatTick(Number(v), nice.decimals, '', locale),
  };
};

/** The chart's series grouped by axis, each group a panel of its own height. */
export const panels = (series: readonly ChartSeries[], height: number) => {
  const groups = axisGroups(series);
  return { groups, panelHeight: Math.max(160, Math.floor(height / Math.max(1, groups.length))) };
};

/** A series' colour and name (sensor · station), in the legend and the series pickers. */
export const Swatch = ({ color, gap = 0 }: { readonly color: string; readonly gap?: number }) => (
  <Box
    component="span"
    aria-hidden="true"
    sx={{
      display: 'inline-block',
      flex: 'none',
      mr: gap,
      width: 14,
      height: 14,
      borderRadius: '3px',
      bgcolor: color,
      border: '1px solid rgba(0,0,0,0.3)',
    }}
  />
);

/** The key of a chart with two or more series: each series' colour and name; wraps on a phone. */
export const SeriesLegend = ({ series }: { readonly series: readonly ChartSeries[] }) => {
  const { t } = useTranslation();
  if (series.length < 2) return null;
  return (
    <Box
      component="ul"
      data-testid="chart-legend"
      aria-label={t('charts.legend')}
      sx={{ listStyle: 'none', m: 0, mb: 1, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {series.map((s) => (
        <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Swatch color={s.color} />
          <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {s.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** A chart's tooltip: the series (its colour and name), then lines of date and values. */
export const ChartTooltip = ({
  color,
  title,
  children,
}: {
  readonly color: string;
  readonly title: string;
  readonly children: ReactNode;
}) => (
  <Box
    sx={{
      bgcolor: '#fff',
      border: '1px solid #ccc',
      borderRadius: 1,
      boxShadow: 1,
      px: 1.25,
      py: 0.75,
      fontSize: 13,
      color: '#222',
      width: 'max-content',
      maxWidth: 260,
    }}
  >
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}>
      <Swatch color={color} />
      <span>{title}</span>
    </Box>
    {children}
  </Box>
);
