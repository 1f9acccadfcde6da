import { ResponsiveLine } from '@nivo/line';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';
import { formatChartTime, formatTick, formatUnit } from '@/lib/format';
import { niceTicks } from '@/lib/nice-ticks';

/** A point of a tiny chart; a null value breaks the line. */
export type TinyChartPoint = { readonly x: number; readonly y: number | null };

type TinyChartProps = {
  /** Undefined while the data loads. */
  readonly points: readonly TinyChartPoint[] | undefined;
  readonly height?: number;
  /** The sensor drawn (a module has many: the chart says which). */
  readonly sensorName?: string;
  /** Its unit, printed on the y ticks. */
  readonly unit?: string;
};

/** At most 4 distinct y ticks (issue 16: five ticks on a 0.2-wide pH range printed 7.3 three times). */
const MAX_TICKS = 4;
const CHAR_PX = 6;

/**
 * A tiny chart of one sensor (spec §2 Station summary, project map): the sensor's name, the line on a
 * y axis of round ticks with units, and the period it covers (from – to) under it. Loaded on demand
 * (React.lazy): the chart library is not part of the pages that never draw one. The drawing is hidden
 * from assistive technology; the name and the period are text.
 */
const TinyChart = ({ points, height = 72, sensorName, unit = '' }: TinyChartProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const caption = sensorName ? (
    <Typography variant="caption" component="p" data-testid="tiny-chart-sensor" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
      {sensorName}
      {unit ? ` (${formatUnit(unit, locale)})` : ''}
    </Typography>
  ) : null;

  if (points === undefined) {
    return (
      <Box data-testid="tiny-chart" data-state="loading">
        {caption}
        <Skeleton variant="rectangular" height={height} aria-label={t('tinyChart.loading')} />
      </Box>
    );
  }
  const values = points.flatMap((p) => (p.y === null || !Number.isFinite(p.y) ? [] : [p.y]));
  const axis = values.length === 0 ? null : niceTicks(Math.min(...values), Math.max(...values), MAX_TICKS);
  if (axis === null) {
    return (
      <Box data-testid="tiny-chart" data-state="empty">
        {caption}
        <Typography variant="body2" color="text.secondary" sx={{ height, display: 'flex', alignItems: 'center' }}>
          {t('tinyChart.empty')}
        </Typography>
      </Box>
    );
  }
  const times = points.map((p) => p.x);
  const from = formatChartTime(Math.min(...times), locale);
  const to = formatChartTime(Math.max(...times), locale);
  const label = (v: number | string) => formatTick(Number(v), axis.decimals, unit, locale);
  const left = Math.max(...axis.ticks.map((v) => label(v).length)) * CHAR_PX + 8;

  return (
    <Box data-testid="tiny-chart" data-state="ready">
      {caption}
      <div style={{ height }} aria-hidden="true">
        <ResponsiveLine
          data={[{ id: 'sensor', data: points.map((p) => ({ x: p.x, y: p.y })) }]}
          xScale={{ type: 'linear', min: 'auto', max: 'auto' }}
          yScale={{ type: 'linear', min: axis.min, max: axis.max }}
          margin={{ top: 6, right: 6, bottom: 4, left }}
          axisBottom={null}
          axisLeft={{ tickValues: [...axis.ticks], tickSize: 3, tickPadding: 3, format: label }}
          enableGridX={false}
          gridYValues={[...axis.ticks]}
          enablePoints={false}
          isInteractive={false}
          animate={false}
          lineWidth={2}
          colors={[partner.colours.primary]}
          theme={{ text: { fontSize: 10, fill: '#555' }, grid: { line: { stroke: '#e4e4e4' } } }}
          role="presentation"
        />
      </div>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="tiny-chart-range"
        sx={{ textAlign: 'right', lineHeight: 1.4 }}
      >
        {t('tinyChart.range', { from, to })}
      </Typography>
    </Box>
  );
};

export default TinyChart;
