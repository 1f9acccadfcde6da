import type { LineCustomSvgLayerProps } from '@nivo/line';
import type { Line } from './line-panels';
import type { ChartSeries, TimeRange } from './chart-types';
import { envelopePoints, envelopeRuns } from './envelope-runs';

/**
 * The min–max envelope of each aggregated series (issue 32: no aliasing) as a shaded band under its
 * line, which is the buckets' mean (or maximum, for depth). Series of raw readings (a bucket holds
 * one reading) have no envelope. `opacity` is the band's: faint on the time series, stronger on the
 * range chart, which is about the range.
 */
export const envelopeLayer =
  (series: readonly ChartSeries[], domain: TimeRange, opacity: number) =>
  ({ xScale, yScale }: LineCustomSvgLayerProps<Line>) => {
    const x = xScale as unknown as (v: number) => number;
    const y = yScale as unknown as (v: number) => number;
    return (
      <g aria-hidden="true">
        {series
          .filter((s) => s.envelope)
          .map((s) =>
            envelopeRuns(s, domain).map((run, i) => (
              <polygon
                key={`${s.id}-${i}`}
                data-testid="chart-envelope"
                data-series={s.id}
                points={envelopePoints(run, x, y)}
                fill={s.color}
                fillOpacity={opacity}
                stroke="none"
              />
            )),
          )}
      </g>
    );
  };
