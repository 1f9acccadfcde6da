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
 * Spec §2 station page: 'explore data' opens the workspace in a new tab on the first sensor with
 * data, in the page's module order (else the first sensor the catalogue knows); hidden when there
 * is nothing to explore.
 */
export const ExploreDataButton = ({ station, projectId }: { readonly station: Station; readonly projectId: number | null }) => {
  const { t } = useTranslation();
  const meta = useSensorsMeta().data;
  const tail = useStationTail(station.id).data;
  const modules = visibleModules(stationModules(station));
  const rows = tail?.rows ?? [];
  // In the order the page shows them (modules by position, sensors by order), as the workspace
  // picks a station's first sensor (spec §4) and the module cards link theirs.
  const known = modules
    .flatMap((m) =>
      [...m.sensors]
        .sort((a, b) => a.order - b.order)
        .map((s) => ({ moduleId: m.id, sensorId: catalogueSensor(meta, m.name, s.name)?.id })),
    )
    .filter((s) => s.sensorId !== undefined);
  const withData = known.find((s) =>
    rows.some((r) => r.value !== null && r.moduleId === s.moduleId && r.sensorId === s.sensorId),
  );
  const target = withData ?? known[0];
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
