import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROJECT_UPDATE_MAX } from '@groundtruth/domain';
import { ProjectUpdate } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BackLink } from '@/components/back-link';
import { ConflictAlert } from '@/components/conflict-alert';
import { PageHeading } from '@/components/page-heading';
import { PageLoading } from '@/components/page-loading';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { FormActions } from './form-actions';
import { projectQueryOptions } from '../api/get-project';
import { useDeleteProjectUpdate, useProjectUpdate, useSaveProjectUpdate } from '../api/project-updates';

type UpdateFormProps = {
  readonly projectId: number;
  readonly projectName: string | null;
  readonly update: ProjectUpdate | null;
};

const UpdateForm = ({ projectId, projectName, update }: UpdateFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const save = useSaveProjectUpdate();
  const remove = useDeleteProjectUpdate();
  const [body, setBody] = useState(update?.body ?? '');
  const [saved, setSaved] = useState(update?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(update?.version ?? 0);
  const [conflict, setConflict] = useState<ProjectUpdate | null>(null);
  const editing = update !== null;
  const { blocker, allowNextNavigation } = useUnsavedChanges(body !== saved);
  const activityHref = paths.viewProjectActivity.getHref(projectId);
  usePageTitle(editing ? t('projectUpdate.editTitle') : t('projectUpdate.addTitle'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The spec sets no rule on an update; the server refuses an empty or huge one, so say so here first.
    const text = body.trim();
    const problem =
      text === ''
        ? t('projectUpdate.empty')
        : text.length > PROJECT_UPDATE_MAX
          ? t('projectUpdate.tooLong', { max: PROJECT_UPDATE_MAX.toLocaleString() })
          : null;
    setError(problem);
    if (problem) {
      document.getElementById('project-update-body')?.focus();
      return;
    }
    save.mutate(
      { projectId, updateId: update?.id ?? null, body: text, version },
      {
        onSuccess: () => {
          setSaved(body);
          showSnackbar(editing ? t('projectUpdate.savedEdit') : t('projectUpdate.saved'), 'success');
          allowNextNavigation();
          void navigate(activityHref);
        },
        onError: (failure) => {
          const current = isApiError(failure) && failure.isConflict ? ProjectUpdate.safeParse(failure.current) : null;
          if (current?.success) setConflict(current.data);
          else showSnackbar(t('projectUpdate.saveFailed'), 'fail');
        },
      },
    );
  };

  const onDelete = (close: () => void) => {
    if (!update) return;
    remove.mutate(
      { projectId, updateId: update.id },
      {
        onSuccess: () => {
          close();
          showSnackbar(t('projectUpdate.deleted'), 'success');
          allowNextNavigation();
          void navigate(activityHref);
        },
        onError: () => {
          close();
          showSnackbar(t('projectUpdate.deleteFailed'), 'fail');
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="project-update-heading" sx={{ maxWidth: 720 }}>
      <PageHeading id="project-update-heading">
        {editing ? t('projectUpdate.editTitle') : t('projectUpdate.addTitle')}
      </PageHeading>
      {projectName ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('projectUpdate.for', { name: projectName })}
        </Typography>
      ) : null}
      {conflict ? (
        <Box sx={{ mb: 2 }}>
          <ConflictAlert
            onShowTheirs={() => {
              setBody(conflict.body);
              setSaved(conflict.body);
              setVersion(conflict.version);
              setConflict(null);
            }}
            onKeepMine={() => {
              setVersion(conflict.version);
              setConflict(null);
              showSnackbar(t('conflict.keptMine'), 'success');
            }}
          />
        </Box>
      ) : null}
      <TextField
        id="project-update-body"
        label={t('projectUpdate.body')}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? t('projectUpdate.bodyHelp')}
        multiline
        minRows={5}
        required
        fullWidth
      />
      <FormActions
        submitLabel={save.isPending ? t('projectUpdate.saving') : editing ? t('projectUpdate.saveEdit') : t('projectUpdate.save')}
        cancelLabel={t('projectUpdate.cancel')}
        cancelHref={activityHref}
        saving={save.isPending}
        blocker={blocker}
        sx={{ mt: 2 }}
        deletion={
          editing
            ? {
                label: t('projectUpdate.delete'),
                title: t('projectUpdate.deleteTitle'),
                text: t('projectUpdate.deleteText'),
                confirmLabel: t('projectUpdate.deleteConfirm'),
                busy: remove.isPending,
                onConfirm: onDelete,
              }
            : null
        }
      />
    </Box>
  );
};

const LeaveForProjects = ({ message }: { message: string }) => {
  const showSnackbar = useSnackbar();
  useEffect(() => showSnackbar(message, 'fail'), [message, showSnackbar]);
  return <Navigate replace to={paths.projects.getHref()} />;
};

const NotAllowed = ({ projectId, editing }: { projectId: number; editing: boolean }) => {
  const { t } = useTranslation();
  const title = editing ? t('projectUpdate.editTitle') : t('projectUpdate.addTitle');
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: 560 }}>
      <BackLink to={paths.viewProject.getHref(projectId)}>{t('project.backToDashboard')}</BackLink>
      <PageHeading>{title}</PageHeading>
      <Alert severity="warning" data-testid="project-update-not-allowed">
        {t('projectUpdate.notAllowed')}
      </Alert>
    </Box>
  );
};

/** Spec §2: with no current user the page asks the visitor to log in. */
const LogInPrompt = () => {
  const { t } = useTranslation();
  const location = useLocation();
  usePageTitle(t('projectUpdate.addTitle'));
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeading>{t('projectUpdate.addTitle')}</PageHeading>
      <Alert
        severity="info"
        action={
          <Button
            component={RouterLink}
            to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}
            color="inherit"
            size="small"
          >
            {t('projectUpdate.logIn')}
          </Button>
        }
      >
        {t('projectUpdate.logInPrompt')}
      </Alert>
    </Box>
  );
};

type ProjectUpdatePageProps = {
  /** The project, from the `project` query value; null when missing or not a number. */
  readonly projectId: number | null;
  /** The update to edit; null to add one. */
  readonly updateId: number | null;
};

/**
 * addProjectUpdate (/dashboard/project-update/add?project={id}) and its edit route. Spec §2, §8: a log-in
 * prompt without a user; an update (or project) that cannot be loaded sends the user to the projects list.
 */
export const ProjectUpdatePage = ({ projectId: givenProjectId, updateId }: ProjectUpdatePageProps) => {
  const { t } = useTranslation();
  const session = useSession();
  const update = useProjectUpdate(updateId);
  const projectId = update.data?.projectId ?? givenProjectId;
  const project = useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });

  if (session.status === 'anonymous') return <LogInPrompt />;
  if (updateId !== null) {
    if (update.isError) return <LeaveForProjects message={t('projectUpdate.loadFailed')} />;
    if (update.isPending) return <PageLoading />;
  }
  if (projectId === null || project.isError) return <LeaveForProjects message={t('projectUpdate.loadFailed')} />;
  if (project.isPending || session.status === 'loading') return <PageLoading />;
  // Only the project's administrators post and edit its updates (spec §6; the server refuses others):
  // others are told so, and never see the form or its delete button.
  if (project.data.readOnly) return <NotAllowed projectId={project.data.id} editing={updateId !== null} />;

  return (
    <>
      <BackLink to={paths.viewProject.getHref(project.data.id)}>{t('project.backToDashboard')}</BackLink>
      <UpdateForm
        key={update.data?.id ?? 'new'}
        projectId={project.data.id}
        projectName={project.data.name}
        update={update.data ?? null}
      />
    </>
  );
};
