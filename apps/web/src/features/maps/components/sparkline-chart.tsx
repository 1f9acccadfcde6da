import { ResponsiveLine } from '@nivo/line';
import { partner } from '@/config/partner';

export type SparklinePoint = { readonly x: number; readonly y: number };

/** Spec §9: tiny chart axis ticks 5. */
const TICKS = 5;

/** The chart itself (@nivo/line); loaded on demand by sparkline.tsx. */
const SparklineChart = ({ points, height }: { points: readonly SparklinePoint[]; height: number }) => (
  <div style={{ height }}>
    <ResponsiveLine
      data={[{ id: 'reading', data: points.map((p) => ({ x: p.x, y: p.y })) }]}
      xScale={{ type: 'linear', min: 'auto', max: 'auto' }}
      yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
      margin={{ top: 6, right: 8, bottom: 6, left: 40 }}
      axisBottom={null}
      axisLeft={{ tickValues: TICKS, tickSize: 3, tickPadding: 3, format: (v: number | string) => Number(v).toFixed(1) }}
      enableGridX={false}
      gridYValues={TICKS}
      enablePoints={false}
      isInteractive={false}
      animate={false}
      lineWidth={2}
      colors={[partner.colours.primary]}
      theme={{ text: { fontSize: 10, fill: '#555555' }, grid: { line: { stroke: '#e4e4e4' } } }}
      role="presentation"
    />
  </div>
);

export default SparklineChart;
