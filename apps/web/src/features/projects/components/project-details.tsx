import type { Project } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';
import { MISSING, formatDate } from '@/lib/format';
import { projectDurationInDays } from '../utils/project-duration';
import { ProjectPhoto } from './project-photo';
import { ProjectPrivacyIcon } from './project-privacy-icon';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="subtitle2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

type ProjectDetailsProps = {
  readonly project: Project;
};

/** The public view of a project (spec §2 Project page): what anyone may read. */
export const ProjectDetails = ({ project }: ProjectDetailsProps) => {
  const { t } = useTranslation();
  usePageTitle(project.name);
  const days = projectDurationInDays(project.startTime, project.endTime);

  return (
    <Box component="article" aria-labelledby="project-name">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="project-name" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Typography>
        <ProjectPrivacyIcon isPrivate={project.private} showPublic fontSize="medium" />
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ProjectPhoto height={180} />
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="body1" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            {project.description}
          </Typography>

          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('project.details')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              alignItems: 'baseline',
              rowGap: { xs: 0.5, sm: 1.5 },
              '& dd': { mb: { xs: 1.5, sm: 0 } },
            }}
          >
            <Detail label={t('project.goal')}>{project.goal}</Detail>
            <Detail label={t('project.location')}>{project.location}</Detail>
            <Detail label={t('project.startDate')}>{formatDate(project.startTime)}</Detail>
            <Detail label={t('project.duration')}>{days === null ? MISSING : t('project.durationDays', { count: days })}</Detail>
            <Detail label={t('project.tags')}>
              {project.tags.length === 0 ? (
                MISSING
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {project.tags.map((tag, index) => (
                    <li key={`${index}-${tag}`}>
                      <Chip label={tag} size="small" />
                    </li>
                  ))}
                </Box>
              )}
            </Detail>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
};
