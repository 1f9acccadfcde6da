import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useFollowProject } from '../api/follow-project';

/** The heart and the follower count, as thumbnails show them (spec §2 Reusable pieces: singular/plural). */
export const FollowCount = ({ project }: { project: Pick<Project, 'following'> }) => {
  const { t } = useTranslation();
  const Heart = project.following.following ? FavoriteIcon : FavoriteBorderIcon;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Heart fontSize="small" aria-hidden sx={{ color: project.following.following ? 'error.main' : undefined }} />
      <Typography variant="body2" component="span">
        {t('follow.followers', { count: project.following.total })}
      </Typography>
    </Stack>
  );
};

/**
 * Spec §2 follow panel: the heart with the follower count, and a follow or unfollow button for signed-in
 * users; visitors get a link to log in and come back.
 */
export const FollowPanel = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const follow = useFollowProject();
  const showSnackbar = useSnackbar();
  const following = project.following.following;

  const action =
    session.status === 'anonymous' ? (
      <Button
        component={RouterLink}
        to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}
        startIcon={<FavoriteBorderIcon />}
        variant="outlined"
        size="small"
      >
        {t('follow.logInToFollow')}
      </Button>
    ) : (
      <Button
        variant={following ? 'contained' : 'outlined'}
        size="small"
        aria-pressed={following}
        disabled={follow.isPending || session.status !== 'authenticated'}
        startIcon={following ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        onClick={() =>
          follow.mutate({ id: project.id, follow: !following }, { onError: () => showSnackbar(t('follow.failed'), 'fail') })
        }
      >
        {following ? t('follow.following') : t('follow.follow')}
      </Button>
    );

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {action}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('follow.followers', { count: project.following.total })}
      </Typography>
    </Stack>
  );
};
