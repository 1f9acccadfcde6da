import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { BackLink } from '@/components/back-link';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useProject } from '../api/get-project';
import { ActivityPanel } from './activity-panel';
import { ProjectDashboard } from './project-dashboard';
import { ProjectPublicView } from './project-public-view';
import { ProjectCommentsContext } from './project-parts';
import { LoadingBlock } from '@/components/loading-block';

const Loading = () => {
  const { t } = useTranslation();
  usePageTitle(t('project.title'));
  return (
    <LoadingBlock label={t('project.loading')}>
      <Box aria-hidden>
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rectangular" height={180} sx={{ mt: 2 }} />
        <Skeleton sx={{ mt: 2 }} />
        <Skeleton width="80%" />
      </Box>
    </LoadingBlock>
  );
};

/** Spec §2, §6: a private project shows a forbidden banner to those without access. */
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
  /** /public: the public view whoever looks. */
  readonly forcePublic?: boolean;
  /** /activity: the activity side panel is open. */
  readonly activityOpen?: boolean;
  /** What to show when the project does not exist; the app passes its not-found page. */
  readonly notFound: ReactNode;
  /** The project's discussion, drawn by the app (another feature's). */
  readonly comments?: (projectId: number) => ReactNode;
};

/**
 * Loads one project and shows it: its dashboard (admin view) to those who may edit it unless the public
 * view is forced, else the public view; or why it cannot be shown (spec §2 Project page, §8).
 */
export const ProjectView = ({ projectId, forcePublic = false, activityOpen = false, notFound, comments }: ProjectViewProps) => {
  const { t } = useTranslation();
  const query = useProject(projectId);
  const session = useSession();
  const location = useLocation();
  const error = query.error;

  // The API answers 400 for an id it cannot read: to a visitor that is a page that does not exist.
  if (isApiError(error) && (error.isNotFound || error.status === 400)) return <>{notFound}</>;
  // Spec §8: a private project sends a visitor to log in, with the reason, and back here afterwards.
  if (isApiError(error) && error.isForbidden && session.status === 'anonymous') {
    const after = `${location.pathname}${location.search}`;
    return <Navigate replace to={paths.login.getHref({ after, reason: 'privateProject' })} />;
  }

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError) {
    body =
      isApiError(error) && error.isForbidden ? (
        <Forbidden />
      ) : (
        <Failed onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else if (!query.data.readOnly && !forcePublic) body = <ProjectDashboard project={query.data} />;
  else body = <ProjectPublicView project={query.data} />;

  const canEdit = query.data?.readOnly === false;
  return (
    <ProjectCommentsContext.Provider value={comments ?? null}>
      {forcePublic && canEdit ? (
        <BackLink to={paths.viewProject.getHref(projectId)}>{t('project.backToDashboard')}</BackLink>
      ) : (
        <BackLink to={paths.projects.getHref()}>{t('project.backToProjects')}</BackLink>
      )}
      {body}
      {query.isSuccess ? <ActivityPanel project={query.data} open={activityOpen} /> : null}
    </ProjectCommentsContext.Provider>
  );
};
