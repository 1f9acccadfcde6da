import { ResponsiveBar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import { histogram } from '../../utils/buckets';
import { CHART_THEME, type ChartProps } from './chart-types';

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1));

/** Histogram (spec §3, §9): the first series' values in the window, in at most 20 bins; double-click resets the zoom. */
export const HistogramChart = ({ series, domain, height, label, onReset }: ChartProps) => {
  const { t } = useTranslation();
  const first = series[0];
  const values = (first?.points ?? [])
    .filter((p) => p.x >= domain[0] && p.x <= domain[1] && p.y !== null)
    .map((p) => p.y as number);
  const data = histogram(values).map((b) => ({ bin: `${fmt(b.from)}–${fmt(b.to)}`, count: b.count }));
  return (
    <div style={{ height }} onDoubleClick={onReset} title={t('explore.resetZoom')}>
      <ResponsiveBar
        data={data}
        keys={['count']}
        indexBy="bin"
        margin={{ top: 10, right: 20, bottom: 56, left: 64 }}
        padding={0.05}
        colors={[first?.color ?? '#003f5c']}
        enableLabel={false}
        axisBottom={{ tickRotation: -30, legend: first?.unit ?? '', legendOffset: 48, legendPosition: 'middle' }}
        axisLeft={{ tickValues: 5, legend: t('explore.count'), legendOffset: -54, legendPosition: 'middle' }}
        animate={false}
        theme={CHART_THEME}
        role="img"
        ariaLabel={label}
      />
    </div>
  );
};
