import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import Typography from '@mui/material/Typography';
import type { ProjectInvitation } from '@groundtruth/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { useAnswerInvite, usePendingInvites } from '../api/pending-invites';
import { ProjectGrid } from './project-grid';
import { ProjectThumbnail } from './project-thumbnail';

const Invitation = ({ invitation }: { invitation: ProjectInvitation }) => {
  const { t } = useTranslation();
  const answer = useAnswerInvite();
  const showSnackbar = useSnackbar();
  const name = invitation.project.name;

  const respond = (accept: boolean) =>
    answer.mutate(
      { projectId: invitation.projectId, accept },
      {
        onSuccess: () =>
          showSnackbar(t(accept ? 'projects.invitations.accepted' : 'projects.invitations.declined', { name }), 'success'),
        onError: () =>
          showSnackbar(t(accept ? 'projects.invitations.acceptFailed' : 'projects.invitations.declineFailed'), 'fail'),
      },
    );

  return (
    <ProjectThumbnail
      project={invitation.project}
      headingLevel="h3"
      note={
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('projects.invitations.role', { role: t(`projectTeam.roles.${invitation.role}`) })}
        </Typography>
      }
      actions={
        <CardActions sx={{ justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
          <Button
            variant="outlined"
            disabled={answer.isPending}
            onClick={() => respond(false)}
            aria-label={`${t('projects.invitations.decline')}: ${name}`}
          >
            {t('projects.invitations.decline')}
          </Button>
          <Button
            variant="contained"
            disabled={answer.isPending}
            onClick={() => respond(true)}
            aria-label={`${t('projects.invitations.accept')}: ${name}`}
          >
            {t('projects.invitations.accept')}
          </Button>
        </CardActions>
      }
    />
  );
};

/**
 * Invitations waiting for the signed-in user's answer (spec §2, §4). A failed load says so once and
 * lists none (spec §8); with none pending the section is left out.
 */
export const PendingInvitations = () => {
  const { t } = useTranslation();
  const query = usePendingInvites(true);
  const showSnackbar = useSnackbar();
  const failed = query.isError;

  useEffect(() => {
    if (failed) showSnackbar(t('projects.invitations.loadFailed'), 'fail');
  }, [failed, showSnackbar, t]);

  if (!query.isSuccess || query.data.pending.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="invitations-heading">
      <Typography id="invitations-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {t('projects.invitations.title')}
      </Typography>
      <ProjectGrid labelledBy="invitations-heading">
        {query.data.pending.map((invitation) => (
          <li key={invitation.id}>
            <Invitation invitation={invitation} />
          </li>
        ))}
      </ProjectGrid>
    </Box>
  );
};
