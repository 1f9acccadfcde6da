import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';
import { FollowPanel } from './follow-panel';
import { ProjectComments, ProjectModules, ProjectTags, Section, TeamAvatars } from './project-parts';
import { ProjectPhoto } from './project-photo';
import { ProjectPrivacyIcon } from './project-privacy-icon';
import { ProjectStationsPanel } from './project-stations-panel';

/**
 * The public view of a project (spec §2): photo, description, 'Project Team (N members)', modules,
 * stations with a map, comments, and following for signed-in users.
 */
export const ProjectPublicView = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  usePageTitle(project.name);
  // Invitations not yet answered are not part of the team the public sees.
  const team = (project.users ?? []).filter((member) => !member.invited);

  return (
    <Stack component="article" aria-labelledby="project-name" spacing={3}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="project-name" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Typography>
        <ProjectPrivacyIcon isPrivate={project.private} showPublic fontSize="medium" />
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ProjectPhoto project={project} height={220} alt={t('project.photoAlt', { name: project.name })} />
        <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="body1" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            {project.description}
          </Typography>
          <ProjectTags tags={project.tags} />
          <FollowPanel project={project} />
        </Stack>
      </Paper>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Section id="project-team-heading" title={t('project.teamHeading', { count: team.length })}>
          <TeamAvatars users={team} label={t('project.team')} />
        </Section>
        <Section id="project-modules-heading" title={t('project.modules')}>
          <ProjectModules project={project} />
        </Section>
      </Box>

      <ProjectStationsPanel project={project} withMap />
      <ProjectComments projectId={project.id} />
    </Stack>
  );
};
