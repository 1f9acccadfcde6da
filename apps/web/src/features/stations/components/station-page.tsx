import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useStation } from '../api/get-station';
import { useStationLoadFailure } from '../hooks/use-station-load-failure';
import { LoadingBlock } from '@/components/loading-block';
import { StationDetails } from './station-details';

export type StationPageProps = {
  readonly stationId: number;
  /** The project the page was opened from (viewStation), or null (viewStationFromMap). */
  readonly projectId: number | null;
  /** The app's not-found page. */
  readonly notFound: ReactNode;
  /** The station's notes (the notes feature composes them in). */
  readonly notes?: ReactNode;
  readonly fieldNotes?: ReactNode;
};

const Loading = () => {
  const { t } = useTranslation();
  usePageTitle(t(`station.noun.${partner.stationNoun}`));
  return (
    <LoadingBlock label={t('station.loading')}>
      <Box aria-hidden>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rectangular" height={160} sx={{ mt: 2 }} />
        <Skeleton sx={{ mt: 2 }} />
        <Skeleton width="70%" />
      </Box>
    </LoadingBlock>
  );
};

const Forbidden = () => {
  const { t } = useTranslation();
  usePageTitle(t('station.forbiddenTitle'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`station.noun.${partner.stationNoun}`)}
      </Typography>
      <Alert severity="warning" role="alert">
        <AlertTitle>{t('station.forbiddenTitle')}</AlertTitle>
        {t('station.privateStation')}
      </Alert>
    </>
  );
};

/** Spec §2 station page. */
export const StationPage = ({ stationId, projectId, notFound, notes, fieldNotes }: StationPageProps) => {
  const { t } = useTranslation();
  const query = useStation(stationId);
  const failure = useStationLoadFailure(query.isError ? query.error : null);

  const back =
    projectId === null ? (
      <Link component={RouterLink} to={paths.projects.getHref()} underline="hover" sx={backSx}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('station.page.backToProjects')}
      </Link>
    ) : (
      <Link component={RouterLink} to={paths.viewProject.getHref(projectId)} underline="hover" sx={backSx}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('station.page.backToProject')}
      </Link>
    );

  if (failure === 'notFound') return <>{notFound}</>;
  let body: ReactNode;
  if (query.isPending || failure === 'login' || failure === 'private') body = <Loading />;
  else if (failure === 'forbidden') body = <Forbidden />;
  else if (query.isError) {
    body = (
      <>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t(`station.noun.${partner.stationNoun}`)}
        </Typography>
        <ErrorState message={t('station.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  } else {
    body = <StationDetails station={query.data} projectId={projectId} notes={notes} fieldNotes={fieldNotes} />;
  }
  return (
    <>
      {back}
      {body}
    </>
  );
};

const backSx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 } as const;
