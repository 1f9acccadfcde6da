import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { SIDEBAR_PROJECTS_CLIP } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useMyProjects } from '../api/get-my-projects';
import { useProjects } from '../api/get-projects';

/**
 * The sidebar's project links: the signed-in user's projects, or the community's public projects for
 * visitors, clipped to 10 like the stations (a button shows the rest). Shares its queries (and cache)
 * with the projects page.
 */
export const ProjectsNavList = ({ clip = true }: { clip?: boolean }) => {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.token !== null;
  const mine = useMyProjects(signedIn);
  const community = useProjects();
  const query = signedIn ? mine : community;
  const [showAll, setShowAll] = useState(false);

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

  const clipped = clip && !showAll && query.data.length > SIDEBAR_PROJECTS_CLIP;
  const shown = clipped ? query.data.slice(0, SIDEBAR_PROJECTS_CLIP) : query.data;
  return (
    <>
      <List dense disablePadding>
        {shown.map((project) => (
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
      {clipped ? (
        <Button size="small" onClick={() => setShowAll(true)} sx={{ ml: 1, mt: 0.5 }}>
          {t('sidebar.showAllProjects', { count: query.data.length })}
        </Button>
      ) : null}
    </>
  );
};
