import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useStation } from '../api/get-station';
import { useStationLoadFailure } from '../hooks/use-station-load-failure';
import { Photos } from './station-photos';

type StationPhotosPageProps = {
  readonly stationId: number;
  readonly projectId: number | null;
  readonly notFound: ReactNode;
};

/** Spec §2 Photos page: add (jpeg or png), set as station image, delete with confirmation, gallery viewer. */
export const StationPhotosPage = ({ stationId, projectId, notFound }: StationPhotosPageProps) => {
  const { t } = useTranslation();
  const query = useStation(stationId);
  const stationHref =
    projectId === null ? paths.viewStationFromMap.getHref(stationId) : paths.viewStation.getHref(projectId, stationId);
  const failure = useStationLoadFailure(query.isError ? query.error : null);
  if (failure === 'notFound') return <>{notFound}</>;
  return (
    <>
      <Link
        component={RouterLink}
        to={stationHref}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('stationPhotos.back')}
      </Link>
      {query.isPending || failure === 'login' || failure === 'private' ? (
        <PageLoading />
      ) : query.isError ? (
        <>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {t('stationPhotos.title')}
          </Typography>
          {failure === 'forbidden' ? (
            <ErrorState message={t('station.privateStation')} />
          ) : (
            <ErrorState message={t('station.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          )}
        </>
      ) : (
        <Photos station={query.data} />
      )}
    </>
  );
};
