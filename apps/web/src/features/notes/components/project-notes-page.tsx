import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageLoading } from '@/components/page-loading';
import { BREAKPOINTS } from '@/config/constants';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';
import { useNotesProject, useNotesProjectStations } from '../api/notes-stations';
import { StationNotesPage } from './station-notes-page';

type ProjectNotesPageProps = {
  readonly projectId: number;
  /** The station chosen in the list, or null. */
  readonly stationId: number | null;
  readonly notFound: ReactNode;
};

const backSx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 } as const;

/**
 * Spec §2 Project notes page: the project's stations as a list ('Deployed' / 'Not Deployed') and the
 * chosen station's notes and field notes. Who may write them is one rule, the policy's
 * `station.writeNotes` (the station's owner and the teams of its projects), answered with the notes as
 * `readOnly`: the same as on the station page, whoever may edit the project. Below 768 px one of the
 * two at a time.
 */
export const ProjectNotesPage = ({ projectId, stationId, notFound }: ProjectNotesPageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const mobile = useMediaQuery(`(max-width:${BREAKPOINTS.mobile - 0.05}px)`);
  const project = useNotesProject(projectId);
  const stations = useNotesProjectStations(projectId);
  const name = project.data?.name;
  usePageTitle(name ? t('notes.project.titleOf', { name }) : t('notes.project.title'));

  const error = project.error ?? stations.error;
  const privateProject = isApiError(error) && error.isForbidden;
  useEffect(() => {
    if (privateProject && !signedIn) {
      void navigate(paths.login.getHref({ after: `${location.pathname}${location.search}`, reason: 'privateProject' }), {
        replace: true,
      });
    }
  }, [privateProject, signedIn, navigate, location.pathname, location.search]);

  if (isApiError(error) && (error.isNotFound || error.status === 400)) return <>{notFound}</>;
  const back = (
    <Link component={RouterLink} to={paths.viewProject.getHref(projectId)} underline="hover" sx={backSx}>
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('notes.project.back')}
    </Link>
  );
  if (project.isPending || stations.isPending || (privateProject && !signedIn)) return <PageLoading />;
  if (project.isError || stations.isError) {
    return (
      <>
        {back}
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('notes.project.title')}
        </Typography>
        {privateProject ? (
          <Alert severity="warning">{t('project.forbiddenText')}</Alert>
        ) : (
          <ErrorState
            message={t('notes.project.loadFailed')}
            onRetry={() => {
              void project.refetch();
              void stations.refetch();
            }}
          />
        )}
      </>
    );
  }

  const list = stations.data;
  const chosen = stationId === null ? null : (list.find((s) => s.id === stationId) ?? null);
  if (stationId !== null && chosen === null) return <>{notFound}</>;

  const nav = (
    <Paper variant="outlined" component="nav" aria-label={t('notes.project.stations')} sx={{ alignSelf: 'start' }}>
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {t('notes.project.stations')}
      </Typography>
      {list.length === 0 ? (
        <EmptyState dense>{t('notes.project.noStations')}</EmptyState>
      ) : (
        <List>
          {list.map((s) => (
            <ListItem key={s.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.viewProjectStationNotes.getHref(projectId, s.id)}
                selected={s.id === stationId}
                aria-current={s.id === stationId ? 'page' : undefined}
              >
                <ListItemText
                  primary={s.name}
                  secondary={s.deployedAt ? t('notes.project.deployed') : t('notes.project.notDeployed')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );

  const content = chosen ? (
    <StationNotesPage
      key={chosen.id}
      stationId={chosen.id}
      stationName={chosen.name}
      stationHref={paths.viewStation.getHref(projectId, chosen.id)}
      headingLevel={2}
    />
  ) : (
    <EmptyState>{list.length === 0 ? t('notes.project.noStations') : t('notes.project.choose')}</EmptyState>
  );

  return (
    <>
      {mobile && chosen ? (
        <Link component={RouterLink} to={paths.viewProjectNotes.getHref(projectId)} underline="hover" sx={backSx}>
          <ArrowBackIcon fontSize="small" aria-hidden />
          {t('notes.project.backToStations')}
        </Link>
      ) : (
        back
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('notes.project.titleOf', { name: project.data.name })}
      </Typography>
      {mobile ? (
        chosen ? (
          content
        ) : (
          nav
        )
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(200px, 1fr) minmax(0, 3fr)', gap: 2, alignItems: 'start' }}>
          {nav}
          <Box sx={{ minWidth: 0 }}>{content}</Box>
        </Box>
      )}
    </>
  );
};
