import type { Station } from '@groundtruth/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { useSensorsMeta } from '../api/get-sensors-meta';
import { useStationTail } from '../api/get-station-tail';
import { moduleBookmark } from '../utils/bookmark';
import { catalogueSensor, stationModules, visibleModules } from '../utils/modules';

/**
 * Spec §2 station page: 'explore data' opens the workspace in a new tab on the first module with
 * data (else the first module the catalogue knows); hidden when there is nothing to explore.
 */
export const ExploreDataButton = ({ station, projectId }: { readonly station: Station; readonly projectId: number | null }) => {
  const { t } = useTranslation();
  const meta = useSensorsMeta().data;
  const tail = useStationTail(station.id).data;
  const modules = visibleModules(stationModules(station));
  const rows = tail?.rows ?? [];
  const withData = rows.find((r) => r.value !== null && modules.some((m) => m.id === r.moduleId));
  const known = modules
    .flatMap((m) => m.sensors.map((s) => ({ moduleId: m.id, sensorId: catalogueSensor(meta, m.name, s.name)?.id })))
    .find((s) => s.sensorId !== undefined);
  const target = withData ? { moduleId: withData.moduleId, sensorId: withData.sensorId } : known;
  if (!target || target.sensorId === undefined) return null;
  const href = paths.exploreBookmark.getHref(
    moduleBookmark({
      stationId: station.id,
      moduleId: target.moduleId,
      sensorId: target.sensorId,
      dataEnd: tail?.dataEnd ?? null,
      days: partner.defaultQuickRangeDays,
      projectId,
    }),
  );
  return (
    <Button
      variant="contained"
      href={href}
      target="_blank"
      rel="noopener"
      endIcon={<OpenInNewIcon aria-hidden />}
      aria-label={`${t('station.explore.exploreData')} ${t('station.explore.newTab')}`}
    >
      {t('station.explore.exploreData')}
    </Button>
  );
};
