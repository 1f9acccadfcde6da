import type { Project } from '@groundtruth/contracts';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ProjectPhoto } from './project-photo';
import { ProjectPrivacyIcon } from './project-privacy-icon';

type ProjectThumbnailProps = {
  readonly project: Project;
};

/** Photo, name, description and private icon (spec §2 Projects list); the whole card opens the project. */
export const ProjectThumbnail = ({ project }: ProjectThumbnailProps) => {
  const nameId = `project-${project.id}-name`;
  const descriptionId = `project-${project.id}-description`;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.viewProject.getHref(project.id)}
        aria-labelledby={nameId}
        aria-describedby={descriptionId}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <ProjectPhoto height={140} />
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Typography id={nameId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', lineHeight: 1.3 }}>
              {project.name}
            </Typography>
            <ProjectPrivacyIcon isPrivate={project.private} />
          </Stack>
          <Typography
            id={descriptionId}
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {project.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
