import type { Station } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useStationTail } from '../api/get-station-tail';
import { stationModules, visibleModules } from '../utils/modules';
import { ModuleExploreCard } from './module-explore-card';

type ExploreTabProps = {
  readonly station: Station;
  readonly projectId?: number | null;
  /** Two columns when there is room (the station page); one in a side panel. */
  readonly columns?: 1 | 2;
};

/** Spec §2 Station summary, explore tab: each module's tiny chart and latest readings. */
export const ExploreTab = ({ station, projectId = null, columns = 1 }: ExploreTabProps) => {
  const { t } = useTranslation();
  const tail = useStationTail(station.id);
  const modules = visibleModules(stationModules(station));
  if (modules.length === 0) return <EmptyState dense>{t('station.explore.noModules')}</EmptyState>;
  const tailData = tail.isError ? null : tail.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
      }}
    >
      {modules.map((module) => (
        <ModuleExploreCard key={module.id} stationId={station.id} module={module} tail={tailData} projectId={projectId} />
      ))}
    </Box>
  );
};
