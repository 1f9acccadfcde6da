import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project, ProjectUser } from '@groundtruth/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleIcons } from '@/components/module-icon';
import { UserAvatar } from '@/components/user-avatar';

/** A titled block of the project page. */
export const Section = ({
  id,
  title,
  action,
  children,
  level = 'h2',
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  level?: 'h2' | 'h3';
}) => (
  <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
    >
      <Typography id={id} variant="h6" component={level} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {action}
    </Stack>
    {children}
  </Paper>
);

export const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="subtitle2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

export const DetailList = ({ children }: { children: ReactNode }) => (
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
    {children}
  </Box>
);

export const ProjectTags = ({ tags }: { tags: readonly string[] }) => {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('project.tags')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {tags.map((tag, index) => (
        <li key={`${index}-${tag}`}>
          <Chip label={tag} size="small" />
        </li>
      ))}
    </Box>
  );
};

/** The name to show for a team line: an invitation shows its address (to administrators) until accepted. */
export const personName = (member: ProjectUser): string => member.user.name ?? member.user.email ?? '—';

/** Team members with their photos; invited members show no photo (spec §2). */
export const TeamAvatars = ({ users, label }: { users: readonly ProjectUser[]; label: string }) => {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {users.map((member, index) => {
        const name = personName(member);
        const text = member.invited ? t('project.invitedMember', { name }) : name;
        return (
          <Stack
            key={`${member.user.id ?? 'invited'}-${index}`}
            component="li"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center' }}
          >
            {member.invited ? (
              <Avatar sx={{ width: 32, height: 32, bgcolor: 'action.disabledBackground' }} aria-hidden>
                {' '}
              </Avatar>
            ) : (
              <UserAvatar user={member.user} size={32} />
            )}
            <Typography variant="body2" component="span" sx={{ color: member.invited ? 'text.secondary' : undefined }}>
              {text}
            </Typography>
          </Stack>
        );
      })}
    </Box>
  );
};

export const ProjectModules = ({ project }: { project: Pick<Project, 'modules'> }) => {
  const { t } = useTranslation();
  if (project.modules.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('project.noModules')}
      </Typography>
    );
  }
  return <ModuleIcons names={project.modules} label={t('project.modules')} />;
};

/** The app's discussion of a project (the discussions feature), handed in by the route: features do not import each other. */
export const ProjectCommentsContext = createContext<((projectId: number) => ReactNode) | null>(null);

/**
 * The project's discussion (spec §2 Comments): what the app puts in the context, or, where it puts
 * nothing, a note that comments are not shown here instead of an empty or made-up thread.
 */
export const ProjectComments = ({ projectId }: { projectId: number }) => {
  const { t } = useTranslation();
  const render = useContext(ProjectCommentsContext);
  return (
    <Section id={`project-${projectId}-comments`} title={t('project.comments.title')}>
      {render ? (
        <Box data-comments-for={projectId}>{render(projectId)}</Box>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} data-comments-for={projectId}>
          <ChatBubbleOutlineIcon aria-hidden />
          <Typography variant="body2">{t('project.comments.comingSoon')}</Typography>
        </Stack>
      )}
    </Section>
  );
};
