import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMyStations } from '@/lib/my-stations';

/** myStationNotes (/notes, signed in): the user's own stations, each leading to its notes. */
export const MyStationNotes = () => {
  const { t } = useTranslation();
  usePageTitle(t('notes.myStations.title'));
  const query = useMyStations();
  let body;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError)
    body = (
      <ErrorState message={t('notes.myStations.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  else if (query.data.length === 0) body = <EmptyState>{t('notes.myStations.none')}</EmptyState>;
  else {
    body = (
      <>
        <Typography sx={{ mb: 1 }}>{t('notes.myStations.choose')}</Typography>
        <List>
          {query.data.map((station) => (
            <ListItem key={station.id} disableGutters>
              <Link component={RouterLink} to={paths.stationNotes.getHref(station.id)}>
                {station.name}
              </Link>
            </ListItem>
          ))}
        </List>
      </>
    );
  }
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('notes.myStations.title')}
      </Typography>
      {body}
    </>
  );
};
