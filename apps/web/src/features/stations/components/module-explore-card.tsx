import type { StationModule } from '@groundtruth/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';
import { featureFlags } from '@/lib/feature-flags';
import { paths } from '@/config/paths';
import { currentLocale } from '@/i18n';
import { useSensorsMeta } from '../api/get-sensors-meta';
import type { StationTailData } from '../utils/tail-batcher';
import { moduleBookmark } from '../utils/bookmark';
import { formatDateTime } from '@/lib/format';
import { catalogueSensor, catalogueSensorById, sensorLabel } from '../utils/modules';
import { chartedSensorIds, hasValues, latestFromTail, tinySeries } from '../utils/tiny-chart-series';
import { LatestReadings } from './latest-readings';
import { ModuleIcon, useModuleKindName } from '@/components/module-icon';

const TinyChart = lazy(() => import('@/components/tiny-chart'));

const CHART_HEIGHT = 72;

type ModuleExploreCardProps = {
  readonly stationId: number;
  readonly module: StationModule;
  /** The station's tail: undefined while it loads, null when it failed. */
  readonly tail: StationTailData | null | undefined;
  readonly projectId?: number | null;
};

/**
 * One module in the explore tab (spec §2): its tiny chart of the last 48 hours of data and its latest
 * readings. The chart is a link that opens the module's sensor in the explore workspace, in a new tab,
 * through a bookmark (spec §2 Station summary; the workspace keeps it).
 */
export const ModuleExploreCard = ({ stationId, module, tail, projectId = null }: ModuleExploreCardProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const meta = useSensorsMeta().data;
  const kindName = useModuleKindName();
  const title = module.label?.trim() || kindName(module.name);

  const ownSensorIds = [...module.sensors]
    .sort((a, b) => a.order - b.order)
    .map((s) => catalogueSensor(meta, module.name, s.name)?.id)
    .filter((id): id is number => id !== undefined);
  const rows = tail?.rows ?? [];
  const withData = chartedSensorIds(rows, module.id);
  const sensorId = ownSensorIds.find((id) => withData.includes(id)) ?? withData[0] ?? ownSensorIds[0] ?? null;
  const points =
    sensorId === null
      ? []
      : tinySeries(
          rows.filter((r) => r.moduleId === module.id),
          sensorId,
          tail?.bucketSize ?? null,
        );
  const sensorName = sensorId === null ? title : sensorLabel(catalogueSensorById(meta, sensorId), title, currentLocale());

  const unit = sensorId === null ? '' : (catalogueSensorById(meta, sensorId)?.unitOfMeasure ?? '');

  // The chart shows its own loading and empty states (with the sensor's name); a failed load is said here.
  const chart =
    tail === null ? (
      <Typography variant="body2" color="text.secondary" sx={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center' }}>
        {t('station.explore.chartFailed')}
      </Typography>
    ) : !featureFlags.tinyCharts() ? null : ( // switched off on the hidden features page (spec §2); the card keeps its link
      <Suspense
        fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} aria-label={t('station.explore.chartLoading')} />}
      >
        <TinyChart
          points={tail === undefined ? undefined : hasValues(points) ? points : []}
          height={CHART_HEIGHT}
          sensorName={sensorName}
          unit={unit}
        />
      </Suspense>
    );

  const href =
    sensorId === null
      ? null
      : paths.exploreBookmark.getHref(
          moduleBookmark({
            stationId,
            moduleId: module.id,
            sensorId,
            dataEnd: tail?.dataEnd ?? null,
            days: partner.defaultQuickRangeDays,
            projectId,
          }),
        );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <ModuleIcon name={module.name} fontSize="small" decorative />
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Stack>
      {href === null ? (
        chart
      ) : (
        <Link
          href={href}
          target="_blank"
          rel="noopener"
          underline="none"
          color="inherit"
          sx={{ display: 'block', borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
          aria-label={`${t('station.explore.moduleChart', { module: title })} ${t('station.explore.newTab')}`}
          title={
            tail?.dataEnd
              ? t('station.explore.chartLabel', { sensor: sensorName, time: formatDateTime(tail.dataEnd) })
              : undefined
          }
        >
          {chart}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'primary.main', mt: 0.5 }} aria-hidden>
            <Typography variant="caption">{t('station.explore.exploreData')}</Typography>
            <OpenInNewIcon sx={{ fontSize: 14 }} />
          </Stack>
        </Link>
      )}
      <Box sx={{ mt: 1 }}>
        <LatestReadings module={module} labelledBy={headingId} dense fallback={latestFromTail(rows, module.id)} />
      </Box>
    </Paper>
  );
};
