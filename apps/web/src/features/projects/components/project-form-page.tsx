import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { BackLink } from '@/components/back-link';
import { PageLoading } from '@/components/page-loading';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useProject } from '../api/get-project';
import { ProjectForm } from './project-form';

/** addProject: /dashboard/project/add. */
export const AddProjectPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={paths.projects.getHref()}>{t('project.backToProjects')}</BackLink>
      <ProjectForm />
    </>
  );
};

/** Says why the edit page was left, once, as it goes. */
const LeaveForProjects = ({ message }: { message: string }) => {
  const showSnackbar = useSnackbar();
  useEffect(() => showSnackbar(message, 'fail'), [message, showSnackbar]);
  return <Navigate replace to={paths.projects.getHref()} />;
};

/**
 * editProject: /dashboard/projects/{id}/edit. Spec §2, §8: a project that cannot be loaded sends the user
 * to the projects list; so does one they may not edit.
 */
export const EditProjectPage = ({ projectId }: { projectId: number }) => {
  const { t } = useTranslation();
  const query = useProject(projectId);
  usePageTitle(query.isPending ? t('projectForm.editTitle') : null);
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <LeaveForProjects message={t('projectForm.loadFailed')} />;
  if (query.data.readOnly) return <LeaveForProjects message={t('projectForm.notAllowed')} />;
  return (
    <>
      <BackLink to={paths.viewProject.getHref(projectId)}>{t('project.backToDashboard')}</BackLink>
      <ProjectForm key={projectId} project={query.data} />
    </>
  );
};
