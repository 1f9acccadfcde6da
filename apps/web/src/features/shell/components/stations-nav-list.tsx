import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { SIDEBAR_STATIONS_CLIP } from '@/config/constants';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useMyFirstStations } from '@/lib/my-stations';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

/**
 * The sidebar's stations (spec §2 Layout): the signed-in user's own, clipped to 10 when `clip` is set
 * (a button shows the rest), with empty states.
 */
export const StationsNavList = ({ clip = true }: { clip?: boolean }) => {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.token !== null;
  const [showAll, setShowAll] = useState(false);
  const query = useMyFirstStations(clip && !showAll ? SIDEBAR_STATIONS_CLIP : undefined, signedIn);

  if (!signedIn) return <EmptyState dense>{t('sidebar.logInForStations', noun)}</EmptyState>;
  if (query.isPending) {
    return (
      <List dense aria-busy="true">
        {[0, 1].map((key) => (
          <li key={key} aria-hidden>
            <Skeleton sx={{ mx: 2 }} height={32} />
          </li>
        ))}
      </List>
    );
  }
  if (query.isError) return <EmptyState dense>{t('sidebar.stationsFailed', noun)}</EmptyState>;
  if (query.data.total === 0) return <EmptyState dense>{t('sidebar.noStations', noun)}</EmptyState>;

  const clipped = clip && !showAll && query.data.total > SIDEBAR_STATIONS_CLIP;
  const shown = clipped ? query.data.stations.slice(0, SIDEBAR_STATIONS_CLIP) : query.data.stations;
  return (
    <>
      <List dense disablePadding>
        {shown.map((station) => (
          <li key={station.id}>
            <ListItemButton
              component={NavLink}
              to={paths.viewStationFromMap.getHref(station.id)}
              sx={{ pl: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={station.name} slotProps={{ primary: { noWrap: true, title: station.name } }} />
            </ListItemButton>
          </li>
        ))}
      </List>
      {clipped ? (
        <Button size="small" onClick={() => setShowAll(true)} sx={{ ml: 1, mt: 0.5 }}>
          {t('sidebar.showAllStations', { count: query.data.total, ...noun })}
        </Button>
      ) : null}
    </>
  );
};
