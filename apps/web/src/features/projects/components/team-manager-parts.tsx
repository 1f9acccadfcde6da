import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Project, ProjectUser } from '@groundtruth/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { UserAvatar } from '@/components/user-avatar';
import { isApiError } from '@/lib/api-client';
import { useMessages } from '@/lib/form';
import { checkEmail } from '@/lib/validation';
import { roleNumber, useChangeTeam, type RoleNumber } from '../api/project-team';
import { projectMessageKeyOf } from '../utils/project-messages';
import { personName } from './project-parts';

const ROLES: readonly ProjectUser['role'][] = ['Member', 'Administrator'];

/** A team change the server refused: its own words for the rules it checks (own role, last administrator, …), else the general failure. */
export const useTeamFailure = () => {
  const { t } = useTranslation();
  return (error: unknown): string => {
    // Someone changed the team since it was shown: nothing changed, and the team shown is now theirs.
    if (isApiError(error) && error.isConflict) return t('conflict.notSaved');
    const key = isApiError(error) ? projectMessageKeyOf(error.message) : null;
    switch (key) {
      case 'ownRole':
      case 'pendingMember':
      case 'removeSelf':
      case 'lastAdministrator':
      case 'notAMember':
        return t(`projectTeam.messages.${key}`);
      case 'alreadyInvited':
        return t('projectTeam.invite.alreadyInvited');
      default:
        return t('projectTeam.failed');
    }
  };
};

type MemberRowProps = {
  readonly project: Project;
  readonly member: ProjectUser;
  readonly isSelf: boolean;
  readonly onRemove: (member: ProjectUser) => void;
};

/** One member: photo, name, e-mail and role; the role is changed by picking one, then 'Update Role'. */
export const MemberRow = ({ project, member, isSelf, onRemove }: MemberRowProps) => {
  const { t } = useTranslation();
  const change = useChangeTeam(project.id);
  const showSnackbar = useSnackbar();
  const failure = useTeamFailure();
  const [role, setRole] = useState<ProjectUser['role']>(member.role);
  const name = personName(member);
  const email = member.user.email;
  // Spec §4: one's own role and a pending invitation cannot be edited; oneself cannot be removed.
  const editable = !isSelf && !member.invited && email !== undefined;
  const roleId = `team-role-${member.user.id ?? email ?? name}`;

  const updateRole = () => {
    if (!email) return;
    change.mutate(
      { kind: 'role', email, role: roleNumber(role) },
      {
        onSuccess: () => showSnackbar(t('projectTeam.roleUpdated', { name, role: t(`projectTeam.roles.${role}`) }), 'success'),
        onError: (error) => {
          setRole(member.role);
          showSnackbar(failure(error), 'fail');
        },
      },
    );
  };

  return (
    <Stack
      component="li"
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1, md: 2 }}
      sx={{ alignItems: { xs: 'stretch', md: 'center' }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
        {member.invited ? (
          <Avatar sx={{ width: 40, height: 40, bgcolor: 'action.disabledBackground' }} aria-hidden>
            {' '}
          </Avatar>
        ) : (
          <UserAvatar user={member.user} size={40} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
            {isSelf ? <Chip label={t('projectTeam.you')} size="small" sx={{ ml: 1 }} /> : null}
          </Typography>
          {email && email !== name ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Typography>
          ) : null}
          {member.invited ? <Chip label={t('projectTeam.pending')} size="small" variant="outlined" sx={{ mt: 0.5 }} /> : null}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {editable ? (
          <>
            <TextField
              select
              size="small"
              id={roleId}
              label={t('projectTeam.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as ProjectUser['role'])}
              // The visible label says 'Role'; screen readers hear whose (the row's name is not in the label).
              slotProps={{
                select: {
                  SelectDisplayProps: { 'aria-label': t('projectTeam.roleOf', { name }), 'aria-labelledby': undefined },
                },
              }}
              sx={{ minWidth: 160 }}
            >
              {ROLES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`projectTeam.roles.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" disabled={role === member.role || change.isPending} onClick={updateRole}>
              {t('projectTeam.updateRole')}
            </Button>
          </>
        ) : (
          <Typography variant="body2" sx={{ minWidth: 160 }}>
            {t(`projectTeam.roles.${member.role}`)}
          </Typography>
        )}
        {!isSelf && email ? (
          <IconButton aria-label={t('projectTeam.remove', { name })} onClick={() => onRemove(member)}>
            <DeleteOutlineIcon />
          </IconButton>
        ) : (
          // Keeps the rows' columns lined up.
          <Box sx={{ width: 40 }} aria-hidden />
        )}
      </Stack>
    </Stack>
  );
};

/** Invite by e-mail with a role (placeholder 'Select Role'; member unless chosen, spec §5). */
export const InviteForm = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  const message = useMessages();
  const change = useChangeTeam(project.id);
  const showSnackbar = useSnackbar();
  const failure = useTeamFailure();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'' | RoleNumber>('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = checkEmail(email);
  const error = serverError ?? (touched && check ? message(check) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (check) {
      document.getElementById('team-invite-email')?.focus();
      return;
    }
    const address = email.trim();
    change.mutate(
      { kind: 'invite', email: address, role: role === '' ? 0 : role },
      {
        onSuccess: () => {
          showSnackbar(t('projectTeam.invite.sent', { email: address }), 'success');
          setEmail('');
          setRole('');
          setTouched(false);
        },
        onError: (failed) => {
          // Spec §5, §8: a failed invitation says the person is already invited.
          if (isApiError(failed) && failed.status === 400) {
            const duplicate = projectMessageKeyOf(failed.message) === 'alreadyInvited';
            setServerError(duplicate || !failed.errors?.['email'] ? failure(failed) : message('emailValid'));
            document.getElementById('team-invite-email')?.focus();
          } else showSnackbar(failure(failed), 'fail');
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="team-invite-heading" sx={{ mt: 3 }}>
      <Typography id="team-invite-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('projectTeam.invite.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          id="team-invite-email"
          type="email"
          autoComplete="off"
          label={t('projectTeam.invite.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={error !== null}
          helperText={error ?? ' '}
          required
          size="small"
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          id="team-invite-role"
          size="small"
          label={t('projectTeam.invite.role')}
          value={role}
          onChange={(event) => setRole(Number(event.target.value) === 1 ? 1 : 0)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
          helperText=" "
        >
          <MenuItem value="" disabled>
            {t('projectTeam.selectRole')}
          </MenuItem>
          <MenuItem value={0}>{t('projectTeam.roles.Member')}</MenuItem>
          <MenuItem value={1}>{t('projectTeam.roles.Administrator')}</MenuItem>
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending}
          sx={{ alignSelf: { xs: 'flex-start', md: 'auto' }, mt: { md: 0 }, height: 40 }}
        >
          {change.isPending ? t('projectTeam.invite.submitting') : t('projectTeam.invite.submit')}
        </Button>
      </Stack>
    </Box>
  );
};
