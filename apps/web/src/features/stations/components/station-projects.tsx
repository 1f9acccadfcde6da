import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useStationProjects } from '../api/get-station-projects';

/** The projects a station belongs to, those the visitor may read, as links. */
export const StationProjects = ({ stationId }: { readonly stationId: number }) => {
  const { t } = useTranslation();
  const projects = useStationProjects(stationId);
  if (projects.isPending) return <Typography variant="body2">{t('app.loading')}</Typography>;
  if (projects.isError) return <Typography variant="body2">{t('station.details.projectsFailed')}</Typography>;
  if (projects.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('station.details.noProjects')}
      </Typography>
    );
  }
  return (
    <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {projects.data.map((project) => (
        <li key={project.id}>
          <Link component={RouterLink} to={paths.viewProject.getHref(project.id)}>
            {project.name}
          </Link>
        </li>
      ))}
    </ul>
  );
};
