import Box from '@mui/material/Box';
import type { Project, ProjectUser } from '@groundtruth/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar';
import { useSession } from '@/lib/auth/session';
import { useChangeTeam } from '../api/project-team';
import { Section, personName } from './project-parts';
import { InviteForm, MemberRow, useTeamFailure } from './team-manager-parts';

/**
 * Spec §2 Team manager: members with their role and 'Update Role', pending invitations, removal after
 * confirming, and the invitation form. Administrators only (the admin view).
 */
export const TeamManager = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  const session = useSession();
  const change = useChangeTeam(project.id);
  const showSnackbar = useSnackbar();
  const failure = useTeamFailure();
  const [removing, setRemoving] = useState<ProjectUser | null>(null);
  const users = project.users ?? [];
  const selfId = session.user?.id ?? null;

  const remove = (member: ProjectUser) => {
    const email = member.user.email;
    if (!email) return;
    change.mutate(
      { kind: 'remove', email },
      {
        onSuccess: () => {
          setRemoving(null);
          showSnackbar(t('projectTeam.removed', { name: personName(member) }), 'success');
        },
        onError: (error) => {
          setRemoving(null);
          showSnackbar(failure(error), 'fail');
        },
      },
    );
  };

  return (
    <Section id={`project-${project.id}-team-manager`} title={t('projectTeam.title')}>
      <Box component="ul" aria-label={t('projectTeam.members')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {users.map((member, index) => (
          <MemberRow
            key={`${member.user.id ?? member.user.email ?? 'member'}-${index}`}
            project={project}
            member={member}
            isSelf={selfId !== null && member.user.id === selfId}
            onRemove={setRemoving}
          />
        ))}
      </Box>
      <InviteForm project={project} />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.invited ? t('projectTeam.withdrawTitle') : t('projectTeam.removeTitle')}
        confirmLabel={t('projectTeam.removeConfirm')}
        cancelLabel={t('projectTeam.cancel')}
        destructive
        busy={change.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        {removing?.invited
          ? t('projectTeam.withdrawText', { name: removing ? personName(removing) : '' })
          : t('projectTeam.removeText', { name: removing ? personName(removing) : '' })}
      </ConfirmDialog>
    </Section>
  );
};
