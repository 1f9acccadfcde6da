import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@groundtruth/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/auth/session';
import { useMyProjects } from '../api/get-my-projects';
import { useProjects } from '../api/get-projects';
import { PendingInvitations } from './pending-invitations';
import { ProjectGrid } from './project-grid';
import { ProjectThumbnail } from './project-thumbnail';

const SKELETON_COUNT = 3;

const ThumbnailSkeleton = () => (
  <Card variant="outlined" aria-hidden>
    <Skeleton variant="rectangular" height={140} animation="wave" />
    <CardContent>
      <Skeleton width="70%" height={28} />
      <Skeleton />
      <Skeleton width="85%" />
    </CardContent>
  </Card>
);

type ProjectsBodyProps = {
  readonly query: UseQueryResult<Project[]>;
  readonly headingId: string;
  readonly headingLevel: 'h2' | 'h3';
  readonly empty: ReactNode;
  readonly leaveOut?: ReadonlySet<number>;
};

/** One list of projects with its loading, failed and empty states. */
const ProjectsBody = ({ query, headingId, headingLevel, empty, leaveOut }: ProjectsBodyProps) => {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <>
        <Typography role="status" sx={visuallyHidden}>
          {t('projects.loading')}
        </Typography>
        <ProjectGrid busy labelledBy={headingId}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <li key={index}>
              <ThumbnailSkeleton />
            </li>
          ))}
        </ProjectGrid>
      </>
    );
  }
  if (query.isError) {
    return <ErrorState message={t('projects.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const projects = leaveOut ? query.data.filter((project) => !leaveOut.has(project.id)) : query.data;
  if (projects.length === 0) return <>{empty}</>;
  return (
    <ProjectGrid labelledBy={headingId}>
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectThumbnail project={project} headingLevel={headingLevel} />
        </li>
      ))}
    </ProjectGrid>
  );
};

/** Signed in: my projects with the add button, pending invitations, then the community's public projects. */
const SignedInProjects = ({ invitation }: { invitation?: ReactNode }) => {
  const { t } = useTranslation();
  const mine = useMyProjects(true);
  const community = useProjects();
  const mineIds = new Set((mine.data ?? []).map((project) => project.id));
  return (
    <Stack spacing={5}>
      <Box component="section" aria-labelledby="my-projects-heading">
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 3 }}
        >
          <Typography id="my-projects-heading" variant="h4" component="h1">
            {t('projects.mine')}
          </Typography>
          <Button component={RouterLink} to={paths.addProject.getHref()} variant="contained" startIcon={<AddIcon />}>
            {t('projects.add')}
          </Button>
        </Stack>
        {invitation}
        <ProjectsBody
          query={mine}
          headingId="my-projects-heading"
          headingLevel="h2"
          empty={<EmptyState>{t('projects.noProjects')}</EmptyState>}
        />
      </Box>
      <PendingInvitations />
      <Box component="section" aria-labelledby="community-projects-heading">
        <Typography id="community-projects-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
          {t('projects.community')}
        </Typography>
        <ProjectsBody
          query={community}
          headingId="community-projects-heading"
          headingLevel="h3"
          empty={<EmptyState>{t('projects.communityEmpty')}</EmptyState>}
          // Mine are listed above; the community list shows the others (only once mine are known).
          leaveOut={mine.isSuccess ? mineIds : undefined}
        />
      </Box>
    </Stack>
  );
};

/** Anonymous visitors: the community projects, titled 'Projects' (spec §2). */
const PublicProjects = ({ invitation }: { invitation?: ReactNode }) => {
  const { t } = useTranslation();
  const community = useProjects();
  return (
    <Box component="section" aria-labelledby="projects-heading">
      <Typography id="projects-heading" variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('projects.title')}
      </Typography>
      {invitation}
      <ProjectsBody
        query={community}
        headingId="projects-heading"
        headingLevel="h2"
        empty={<EmptyState>{t('projects.empty')}</EmptyState>}
      />
    </Box>
  );
};

/**
 * The project list (spec §2 Projects list): /dashboard, the root in the default mode, and
 * /projects/invitation, which shows the e-mailed invitation at the top (`invitation`).
 */
export const ProjectsList = ({ invitation }: { invitation?: ReactNode }) => {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('projects.title'));
  return session.token === null ? <PublicProjects invitation={invitation} /> : <SignedInProjects invitation={invitation} />;
};
