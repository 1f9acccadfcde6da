import type { Project } from '@groundtruth/contracts';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FollowCount } from './follow-panel';
import { ProjectPhoto } from './project-photo';
import { ProjectPrivacyIcon } from './project-privacy-icon';

type ProjectThumbnailProps = {
  readonly project: Project;
  /** The heading level of the name, under the section's heading. */
  readonly headingLevel?: 'h2' | 'h3';
  /** Below the card's link: buttons that act on the project (an invitation's accept and decline). */
  readonly actions?: ReactNode;
  readonly note?: ReactNode;
};

/** Photo, name, description, private icon and the follow heart with its count (spec §2 Projects list); the card opens the project. */
export const ProjectThumbnail = ({ project, headingLevel = 'h2', actions, note }: ProjectThumbnailProps) => {
  const nameId = `project-${project.id}-name`;
  const descriptionId = `project-${project.id}-description`;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.viewProject.getHref(project.id)}
        aria-labelledby={nameId}
        aria-describedby={descriptionId}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <ProjectPhoto project={project} height={140} size={400} />
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Typography id={nameId} variant="h6" component={headingLevel} sx={{ fontSize: '1.05rem', lineHeight: 1.3 }}>
              {project.name}
            </Typography>
            <ProjectPrivacyIcon isPrivate={project.private} />
          </Stack>
          <Typography
            id={descriptionId}
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', flexGrow: 1 }}
          >
            {project.description}
          </Typography>
          {note}
          <FollowCount project={project} />
        </CardContent>
      </CardActionArea>
      {actions}
    </Card>
  );
};
