import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useAnswerInvitationByToken, useInvitationByToken } from '../api/invitation-by-token';
import { ProjectThumbnail } from './project-thumbnail';
import { LoadingBlock } from '@/components/loading-block';

/**
 * The invitation an e-mailed link opens (/projects/invitation?token=…): the project and the role offered,
 * with accept and decline for a signed-in user, or a way to log in and come back.
 */
export const InvitationByToken = ({ token }: { token: string | null }) => {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const query = useInvitationByToken(token);
  const answer = useAnswerInvitationByToken();

  let body;
  if (token === null) body = <Alert severity="warning">{t('projectInvitation.incomplete')}</Alert>;
  else if (query.isPending) {
    body = (
      <LoadingBlock label={t('projectInvitation.loading')}>
        <Skeleton variant="rectangular" height={160} sx={{ maxWidth: 360 }} aria-hidden />
      </LoadingBlock>
    );
  } else if (query.isError) {
    const gone = isApiError(query.error) && (query.error.isNotFound || query.error.status === 400);
    body = <Alert severity="warning">{gone ? t('projectInvitation.notValid') : t('projectInvitation.loadFailed')}</Alert>;
  } else {
    const invitation = query.data;
    const name = invitation.project.name;
    const respond = (accept: boolean) =>
      answer.mutate(
        { id: invitation.id, token, accept },
        {
          onSuccess: () => {
            showSnackbar(t(accept ? 'projects.invitations.accepted' : 'projects.invitations.declined', { name }), 'success');
            void navigate(accept ? paths.viewProject.getHref(invitation.projectId) : paths.projects.getHref(), { replace: true });
          },
          onError: () =>
            showSnackbar(t(accept ? 'projects.invitations.acceptFailed' : 'projects.invitations.declineFailed'), 'fail'),
        },
      );
    const actions =
      session.status === 'anonymous' ? (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            component={RouterLink}
            variant="contained"
            to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}
          >
            {t('projectInvitation.logIn')}
          </Button>
        </CardActions>
      ) : (
        <CardActions sx={{ justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
          <Button variant="outlined" disabled={answer.isPending} onClick={() => respond(false)}>
            {t('projects.invitations.decline')}
          </Button>
          <Button variant="contained" disabled={answer.isPending} onClick={() => respond(true)}>
            {t('projects.invitations.accept')}
          </Button>
        </CardActions>
      );
    body = (
      <>
        <Typography sx={{ mb: 2 }}>
          {t('projectInvitation.text', { name, role: t(`projectTeam.roles.${invitation.role}`) })}
        </Typography>
        {session.status === 'anonymous' ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            <AlertTitle>{t('projectInvitation.logInTitle')}</AlertTitle>
            {t('projectInvitation.logInText')}
          </Alert>
        ) : null}
        <Box sx={{ maxWidth: 360 }}>
          <ProjectThumbnail project={invitation.project} headingLevel="h3" actions={actions} />
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="invitation-heading" sx={{ mb: 5 }}>
      <Typography id="invitation-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {t('projectInvitation.title')}
      </Typography>
      {body}
    </Box>
  );
};
