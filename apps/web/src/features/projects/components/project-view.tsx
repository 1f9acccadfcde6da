import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useProject } from '../api/get-project';
import { ProjectDetails } from './project-details';

const Loading = () => {
  const { t } = useTranslation();
  usePageTitle(t('project.title'));
  return (
    <Box aria-busy="true">
      <Typography role="status" sx={visuallyHidden}>
        {t('project.loading')}
      </Typography>
      <Box aria-hidden>
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rectangular" height={180} sx={{ mt: 2 }} />
        <Skeleton sx={{ mt: 2 }} />
        <Skeleton width="80%" />
      </Box>
    </Box>
  );
};

const Forbidden = () => {
  const { t } = useTranslation();
  usePageTitle(t('project.forbiddenPageTitle'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('project.forbiddenPageTitle')}
      </Typography>
      <Alert severity="warning" role="alert">
        <AlertTitle>{t('project.forbiddenTitle')}</AlertTitle>
        {t('project.forbiddenText')}
      </Alert>
    </>
  );
};

const Failed = ({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) => {
  const { t } = useTranslation();
  usePageTitle(t('project.title'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('project.title')}
      </Typography>
      <ErrorState message={t('project.loadFailed')} onRetry={onRetry} retrying={retrying} />
    </>
  );
};

type ProjectViewProps = {
  readonly projectId: number;
  /** What to show when the project does not exist; the app passes its not-found page. */
  readonly notFound: ReactNode;
};

const BackToProjects = () => {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={paths.projects.getHref()}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('project.backToProjects')}
    </Link>
  );
};

/** Loads one project and shows it, or why it cannot be shown (private, missing, failed). */
export const ProjectView = ({ projectId, notFound }: ProjectViewProps) => {
  const query = useProject(projectId);
  const error = query.error;
  // The API answers 400 for an id it cannot read: to a visitor that is a page that does not exist.
  if (isApiError(error) && (error.isNotFound || error.status === 400)) return <>{notFound}</>;

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) {
    body =
      isApiError(error) && error.isForbidden ? (
        <Forbidden />
      ) : (
        <Failed onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else body = <ProjectDetails project={query.data} />;

  return (
    <>
      <BackToProjects />
      {body}
    </>
  );
};
