import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { visuallyHidden } from '@/components/visually-hidden';
import { usePageTitle } from '@/hooks/use-page-title';
import { useProjects } from '../api/get-projects';
import { ProjectThumbnail } from './project-thumbnail';

const SKELETON_COUNT = 6;

const Grid = ({ children, busy = false, labelledBy }: { children: ReactNode; busy?: boolean; labelledBy: string }) => (
  <Box
    component="ul"
    aria-labelledby={labelledBy}
    aria-busy={busy || undefined}
    sx={{
      listStyle: 'none',
      m: 0,
      p: 0,
      display: 'grid',
      gap: 2,
      // One column on phones, then as many 260 px columns as fit.
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
    }}
  >
    {children}
  </Box>
);

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

/** The community projects (titled 'Projects' for anonymous visitors, spec §2). */
export const ProjectsList = () => {
  const { t } = useTranslation();
  const query = useProjects();
  const headingId = 'projects-heading';
  usePageTitle(t('projects.title'));

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <>
        <Typography role="status" sx={visuallyHidden}>
          {t('projects.loading')}
        </Typography>
        <Grid busy labelledBy={headingId}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <li key={index}>
              <ThumbnailSkeleton />
            </li>
          ))}
        </Grid>
      </>
    );
  } else if (query.isError) {
    body = <ErrorState message={t('projects.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.length === 0) {
    body = <EmptyState>{t('projects.empty')}</EmptyState>;
  } else {
    body = (
      <Grid labelledBy={headingId}>
        {query.data.map((project) => (
          <li key={project.id}>
            <ProjectThumbnail project={project} />
          </li>
        ))}
      </Grid>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('projects.title')}
      </Typography>
      {body}
    </Box>
  );
};
