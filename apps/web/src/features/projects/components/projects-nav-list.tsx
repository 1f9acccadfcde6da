import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useMyProjects } from '../api/get-my-projects';
import { useProjects } from '../api/get-projects';

/**
 * The sidebar's project links: the signed-in user's projects, or the community's public projects for
 * visitors. Shares its queries (and cache) with the projects page.
 */
export const ProjectsNavList = () => {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.token !== null;
  const mine = useMyProjects(signedIn);
  const community = useProjects();
  const query = signedIn ? mine : community;

  if (query.isPending) {
    return (
      <List dense aria-busy="true">
        {[0, 1, 2].map((key) => (
          <li key={key} aria-hidden>
            <Skeleton sx={{ mx: 2 }} height={32} />
          </li>
        ))}
      </List>
    );
  }
  if (query.isError) return <EmptyState dense>{t('sidebar.projectsFailed')}</EmptyState>;
  if (query.data.length === 0)
    return <EmptyState dense>{signedIn ? t('sidebar.noMyProjects') : t('sidebar.noProjects')}</EmptyState>;

  return (
    <List dense disablePadding>
      {query.data.map((project) => (
        <li key={project.id}>
          <ListItemButton
            component={NavLink}
            to={paths.viewProject.getHref(project.id)}
            sx={{ pl: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemText primary={project.name} slotProps={{ primary: { noWrap: true, title: project.name } }} />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
};
