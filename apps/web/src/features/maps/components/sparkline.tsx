import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSensorTail } from '../api/get-station-tail';
import type { TinyChartPoint } from '@/components/tiny-chart';

// The chart library loads only when a tiny chart is first drawn.
const TinyChart = lazy(() => import('@/components/tiny-chart'));

const HEIGHT = 72;

type SparklineProps = {
  readonly stationId: number;
  readonly sensorId: number | null;
  /** What the chart shows, for screen readers (the chart itself is a picture). */
  readonly label: string;
};

/** A tiny chart of one station sensor over the 48 hours before its latest reading (GET /sensors/data/tail). */
export const Sparkline = ({ stationId, sensorId, label }: SparklineProps) => {
  const { t } = useTranslation();
  const tail = useSensorTail(stationId, sensorId);
  if (sensorId === null) return null;
  if (tail.isPending) return <Skeleton variant="rectangular" height={HEIGHT} aria-hidden />;
  const points: TinyChartPoint[] = (tail.data?.data ?? [])
    .filter((row) => row.stationId === stationId && row.sensorId === sensorId && typeof row.value === 'number')
    .map((row) => ({ x: row.time, y: row.value! }));
  if (tail.isError || points.length < 2) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('projectMap.noChart')}
      </Typography>
    );
  }
  return (
    <Box role="img" aria-label={label} data-testid="station-sparkline" sx={{ height: HEIGHT }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={HEIGHT} aria-hidden />}>
        <TinyChart points={points} height={HEIGHT} />
      </Suspense>
    </Box>
  );
};
