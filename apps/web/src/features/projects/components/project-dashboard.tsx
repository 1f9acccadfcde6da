import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PostAddIcon from '@mui/icons-material/PostAdd';
import PublicIcon from '@mui/icons-material/Public';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { MISSING, formatDate } from '@/lib/format';
import '@/components/history/history-i18n';
import { projectDurationInDays } from '../utils/project-duration';
import { FollowPanel } from './follow-panel';
import { ProjectComments, Detail, DetailList, ProjectModules, ProjectTags, Section, TeamAvatars } from './project-parts';
import { ProjectPhoto } from './project-photo';
import { ProjectPrivacyIcon } from './project-privacy-icon';
import { ProjectStationsPanel } from './project-stations-panel';
import { TeamManager } from './team-manager';

/**
 * The admin view of a project (spec §2 Project page): photo, tags, follow panel, details with an edit
 * link, team, modules, stations, comments and the team manager; the activity button opens its panel.
 */
export const ProjectDashboard = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  usePageTitle(project.name);
  const days = projectDurationInDays(project.startTime, project.endTime);
  const users = project.users ?? [];

  return (
    <Stack component="article" aria-labelledby="project-name" spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography id="project-name" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <ProjectPrivacyIcon isPrivate={project.private} showPublic fontSize="medium" />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }}>
          <Button
            component={RouterLink}
            to={paths.viewProjectActivity.getHref(project.id)}
            variant="contained"
            startIcon={<TimelineIcon />}
          >
            {t('project.activity')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.addProjectUpdate.getHref(project.id)}
            variant="outlined"
            startIcon={<PostAddIcon />}
          >
            {t('project.addUpdate')}
          </Button>
          <Button component={RouterLink} to={paths.viewProjectHistory.getHref(project.id)} startIcon={<HistoryIcon />}>
            {t('history.tab')}
          </Button>
          <Button component={RouterLink} to={paths.viewProjectPublic.getHref(project.id)} startIcon={<PublicIcon />}>
            {t('project.viewPublic')}
          </Button>
        </Stack>
      </Stack>

      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(260px, 1fr) 2fr' }, alignItems: 'start' }}
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <ProjectPhoto project={project} height={200} alt={t('project.photoAlt', { name: project.name })} />
          <Stack spacing={2} sx={{ p: 2 }}>
            <ProjectTags tags={project.tags} />
            <FollowPanel project={project} />
          </Stack>
        </Paper>

        <Section
          id="project-details-heading"
          title={t('project.details')}
          action={
            <Link
              component={RouterLink}
              to={paths.editProject.getHref(project.id)}
              underline="hover"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            >
              <EditIcon fontSize="small" aria-hidden />
              {t('project.editProject')}
            </Link>
          }
        >
          <DetailList>
            <Detail label={t('project.goal')}>{project.goal}</Detail>
            <Detail label={t('project.description')}>{project.description}</Detail>
            <Detail label={t('project.startDate')}>{formatDate(project.startTime)}</Detail>
            <Detail label={t('project.duration')}>{days === null ? MISSING : t('project.durationDays', { count: days })}</Detail>
            <Detail label={t('project.location')}>{project.location}</Detail>
            {/* The API has no native-lands data for projects yet (spec §3 places.native). */}
            <Detail label={t('project.nativeLands')}>{t('project.notAvailable')}</Detail>
            <Detail label={t('project.team')}>
              <TeamAvatars users={users} label={t('project.team')} />
            </Detail>
            <Detail label={t('project.modules')}>
              <ProjectModules project={project} />
            </Detail>
          </DetailList>
        </Section>
      </Box>

      {/* The admin view shows the stations on a map too, as the public view does (issue 16). */}
      <ProjectStationsPanel project={project} withMap editable />
      <TeamManager project={project} />
      <ProjectComments projectId={project.id} />
    </Stack>
  );
};
