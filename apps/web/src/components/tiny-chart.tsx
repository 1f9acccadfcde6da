import { ResponsiveLine } from '@nivo/line';
import { partner } from '@/config/partner';

/** A point of a tiny chart; a null value breaks the line. */
export type TinyChartPoint = { readonly x: number; readonly y: number | null };

type TinyChartProps = {
  readonly points: readonly TinyChartPoint[];
  readonly height?: number;
};

/** Spec §9: tiny chart axis ticks 5. */
const TICKS = 5;

/**
 * A sparkline of one sensor (spec §2 Station summary, project map). Kept in its own module and loaded on
 * demand (React.lazy): the chart library is not part of the pages that never draw one. Decoration for
 * assistive technology: what is around it names what it shows.
 */
const TinyChart = ({ points, height = 72 }: TinyChartProps) => (
  <div style={{ height }} aria-hidden="true" data-testid="tiny-chart">
    <ResponsiveLine
      data={[{ id: 'sensor', data: points.map((p) => ({ x: p.x, y: p.y })) }]}
      xScale={{ type: 'linear', min: 'auto', max: 'auto' }}
      yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
      margin={{ top: 6, right: 6, bottom: 6, left: 40 }}
      axisBottom={null}
      axisLeft={{ tickValues: TICKS, tickSize: 3, tickPadding: 3, format: (v: number | string) => `${Number(v).toFixed(1)}` }}
      enableGridX={false}
      gridYValues={TICKS}
      enablePoints={false}
      isInteractive={false}
      animate={false}
      lineWidth={2}
      colors={[partner.colours.primary]}
      theme={{ text: { fontSize: 10, fill: '#555' }, grid: { line: { stroke: '#e4e4e4' } } }}
      role="presentation"
    />
  </div>
);

export default TinyChart;
