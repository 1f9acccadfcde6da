import { ResponsiveLine, type LineSeries, type LineSvgLayer, type PointTooltipProps } from '@nivo/line';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { AxisGroup } from './axes';
import type { TimeRange } from './chart-types';
import { MARGIN_X, TIME_AXIS_BOTTOM, axisTitle, timeAxis, timeTickRenderer, valueAxis } from './chart-parts';
import { CHART_THEME, type ChartSeries } from './chart-types';

/** A line of a panel: its points over the window, null where it breaks. */
export type Line = LineSeries & { id: string; data: { x: number; y: number | null }[] };

/** A panel to draw: an axis group, its lines and its value axis. */
export type LinePanel = {
  readonly group: AxisGroup<ChartSeries>;
  readonly lines: readonly { readonly s: ChartSeries; readonly line: Line }[];
  readonly y: NonNullable<ReturnType<typeof valueAxis>>;
};

/**
 * The panels a line chart draws: per axis group, the lines of its series that have something to
 * draw in the window (`lineOf` answers null for one that has not: it would draw `d="null"`), and a
 * value axis over their values and `extraValues` (a range chart's bands); a group with nothing drawn
 * has no panel.
 */
export const linePanels = (
  groups: readonly AxisGroup<ChartSeries>[],
  panelHeight: number,
  locale: string,
  lineOf: (s: ChartSeries) => Line | null,
  extraValues: (s: ChartSeries) => readonly number[] = () => [],
): LinePanel[] =>
  groups.flatMap((group) => {
    const lines = group.members.flatMap((s) => {
      const line = lineOf(s);
      return line ? [{ s, line }] : [];
    });
    const values = lines.flatMap(({ s, line }) => [
      ...line.data.flatMap((p) => (p.y === null ? [] : [Number(p.y)])),
      ...extraValues(s),
    ]);
    const y = valueAxis(values, panelHeight, locale);
    return y && lines.length > 0 ? [{ group, lines, y }] : [];
  });

type LinePanelsProps = {
  readonly panels: readonly LinePanel[];
  readonly panelHeight: number;
  readonly domain: TimeRange;
  readonly axis: ReturnType<typeof timeAxis>;
  readonly locale: string;
  /** The chart's accessible name, on each panel. */
  readonly label: string;
  readonly lineWidth: number;
  readonly tooltip: (props: PointTooltipProps<Line>) => ReactNode;
  /** A panel's layers, bottom first (the chart's own layers beside @nivo's). */
  readonly layers: (panel: LinePanel) => LineSvgLayer<Line>[];
};

/**
 * The panels of a time series or range chart, one per axis group, stacked: each spans exactly the
 * window, the last carries the time axis (its ticks on calendar boundaries), each its value axis
 * titled by its unit or sensor. The panels' data attributes give the browser tests the window and
 * margins a tick's place is checked against.
 */
export const LinePanels = ({ panels, panelHeight, domain, axis, locale, label, lineWidth, tooltip, layers }: LinePanelsProps) => (
  <Stack>
    {panels.map((panel, i) => {
      const { group, lines, y } = panel;
      const last = i === panels.length - 1;
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
            axisBottom={last ? { tickValues: axis.ticks.map((t) => t.at), renderTick: timeTickRenderer(axis.labels) } : null}
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
            lineWidth={lineWidth}
            animate={false}
            useMesh
            tooltip={tooltip}
            theme={CHART_THEME}
            layers={layers(panel)}
            role="img"
            ariaLabel={label}
          />
        </div>
      );
    })}
  </Stack>
);
