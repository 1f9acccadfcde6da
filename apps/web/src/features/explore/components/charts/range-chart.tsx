import { ResponsiveLine, type LineCustomSvgLayerProps, type LineSeries } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import { evenTicks } from '../../utils/buckets';
import { CHART_THEME, formatTick, type ChartProps, type ChartSeries } from './chart-types';

type Line = LineSeries & { id: string; data: { x: number; y: number | null }[] };

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

/** Range chart (spec §3, §9): min–max band and the value line, 8 time ticks; double-click resets the zoom. */
export const RangeChart = ({ series, domain, height, label, locale, onReset }: ChartProps) => {
  const { t } = useTranslation();
  const span = domain[1] - domain[0];
  const data: Line[] = series.map((s) => ({
    id: s.id,
    data: s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]).map((p) => ({ x: p.x, y: p.y })),
  }));
  const lows = series.flatMap((s) => s.bands.map((b) => b.min));
  const highs = series.flatMap((s) => s.bands.map((b) => b.max));
  return (
    <div style={{ height }} onDoubleClick={onReset} title={t('explore.resetZoom')}>
      <ResponsiveLine
        data={data}
        xScale={{ type: 'linear', min: domain[0], max: domain[1] }}
        yScale={{
          type: 'linear',
          min: lows.length > 0 ? Math.min(...lows) : 'auto',
          max: highs.length > 0 ? Math.max(...highs) : 'auto',
        }}
        margin={{ top: 10, right: 20, bottom: 40, left: 64 }}
        axisBottom={{ tickValues: evenTicks(domain), format: (v: number | string) => formatTick(Number(v), span, locale) }}
        axisLeft={{ tickValues: 5, legend: series[0]?.unit ?? '', legendOffset: -54, legendPosition: 'middle' }}
        colors={series.map((s) => s.color)}
        enablePoints={false}
        enableGridX={false}
        lineWidth={1.5}
        animate={false}
        theme={CHART_THEME}
        layers={['grid', bandLayer(series, domain), 'axes', 'lines']}
        role="img"
        ariaLabel={label}
      />
    </div>
  );
};
