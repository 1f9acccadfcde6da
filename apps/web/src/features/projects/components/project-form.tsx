import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Project } from '@groundtruth/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChosenImage } from '@/components/image-uploader';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { FormActions } from './form-actions';
import { useDeleteProject, useSaveProject } from '../api/save-project';
import {
  FIELD_ORDER,
  emptyProjectForm,
  dateOrderOf,
  formValuesOf,
  hasErrors,
  projectBodyOf,
  sameFormValues,
  validateProjectForm,
  type ProjectFormError,
  type ProjectFormField,
  type ProjectFormValues,
} from '../utils/project-form';
import { MapViewField } from './map-view-field';
import { FormSection, ProjectFormHeading, ProjectPhotoField, VisibilityFields, fieldId } from './project-form-sections';
import { DateField, LimitedTextField } from './project-form-fields';
import { useServerFieldErrors } from '../hooks/use-server-field-errors';
import { TagsField } from './tags-field';

type ProjectFormProps = {
  /** The project to edit; none to add one. */
  readonly project?: Project;
};

/**
 * Spec §2 Project form, §5 rules: name, short description, goal, location (required, ≤ 100 each), tags,
 * public or not, exact or general station locations, stations on the map or not, the map view, start and
 * end dates (M/D/YYYY, end not before start), and a photo. Leaving with unsaved changes asks first; an
 * invalid save scrolls to the top, where a message says what to correct; deleting asks first.
 */
export const ProjectForm = ({ project }: ProjectFormProps) => {
  const { t, i18n } = useTranslation();
  // Dates are typed in the order the language writes them (D/M/AAAA in Spanish).
  const order = dateOrderOf(i18n.resolvedLanguage ?? i18n.language ?? 'en');
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const serverFieldErrors = useServerFieldErrors();
  const editing = project !== undefined;
  usePageTitle(editing ? t('projectForm.editTitle') : t('projectForm.addTitle'));

  const [saved, setSaved] = useState<ProjectFormValues>(() => (project ? formValuesOf(project, order) : emptyProjectForm));
  const [values, setValues] = useState<ProjectFormValues>(saved);
  const [touched, setTouched] = useState<Partial<Record<ProjectFormField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProjectFormField, string>>>({});
  const [photo, setPhoto] = useState<ChosenImage | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);
  /** The version this edit is made on, and the newer one a save ran into (409), if any. */
  const [version, setVersion] = useState(project?.version ?? 0);
  const [conflict, setConflict] = useState<Project | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const errors = validateProjectForm(values, order);
  const dirty = !sameFormValues(values, saved) || photo !== null;
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty && !remove.isSuccess);

  const errorOf = (field: ProjectFormField): string | null => {
    const server = serverErrors[field];
    if (server) return server;
    const key: ProjectFormError | undefined = errors[field];
    return key && (submitted || touched[field]) ? t(`projectForm.errors.${key}`) : null;
  };

  const fieldProps = <F extends 'name' | 'description' | 'goal' | 'location' | 'startDate' | 'endDate'>(field: F) => ({
    field,
    value: values[field],
    error: errorOf(field),
    onChange: (value: string) => set(field, value),
    onBlur: () => setTouched((previous) => ({ ...previous, [field]: true })),
  });

  const set = <K extends ProjectFormField>(field: K, value: ProjectFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  /** Spec §2: an invalid save scrolls to the top, where the summary takes the focus. */
  const showInvalidAtTop = () => {
    setShowInvalid(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    requestAnimationFrame(() => summaryRef.current?.focus({ preventScroll: true }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    if (hasErrors(errors)) {
      showInvalidAtTop();
      return;
    }
    setShowInvalid(false);
    try {
      const result = await save.mutateAsync({
        id: project?.id ?? null,
        body: projectBodyOf(values, project?.privacy ?? 1, order),
        version,
        photo: photo?.file ?? null,
      });
      setSaved(values);
      setPhoto(null);
      showSnackbar(editing ? t('projectForm.saved') : t('projectForm.added'), 'success');
      allowNextNavigation();
      void navigate(paths.viewProject.getHref(result.id));
    } catch (error) {
      const current = isApiError(error) && error.isConflict ? Project.safeParse(error.current) : null;
      if (current?.success) {
        // Nothing was overwritten: say so at the top, keep the edits, let the person choose.
        setConflict(current.data);
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) {
        setServerErrors(fieldErrors);
        showInvalidAtTop();
      } else showSnackbar(t('projectForm.saveFailed'), 'fail');
    }
  };

  const showTheirs = (theirs: Project) => {
    const their = formValuesOf(theirs, order);
    setSaved(their);
    setValues(their);
    setServerErrors({});
    setVersion(theirs.version);
    setConflict(null);
  };

  const invalidFields = [...FIELD_ORDER, 'bounds' as const].filter(
    (field) => errors[field] !== undefined || serverErrors[field] !== undefined,
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="project-form-heading"
      sx={{ maxWidth: 880 }}
    >
      <ProjectFormHeading
        editing={editing}
        conflict={
          conflict
            ? {
                onShowTheirs: () => showTheirs(conflict),
                onKeepMine: () => {
                  setVersion(conflict.version);
                  setConflict(null);
                  showSnackbar(t('conflict.keptMine'), 'success');
                },
              }
            : null
        }
        summaryRef={summaryRef}
        invalidFields={showInvalid ? invalidFields : []}
      />

      <Stack spacing={3}>
        <FormSection>
          <LimitedTextField {...fieldProps('name')} label={t('projectForm.fields.name')} />
          <LimitedTextField {...fieldProps('description')} label={t('projectForm.fields.description')} multiline />
          <LimitedTextField {...fieldProps('goal')} label={t('projectForm.fields.goal')} multiline />
          <LimitedTextField {...fieldProps('location')} label={t('projectForm.fields.location')} />
          <TagsField id={fieldId('tags')} tags={values.tags} onChange={(tags) => set('tags', tags)} error={errorOf('tags')} />
        </FormSection>

        <FormSection>
          <ProjectPhotoField project={project} chosen={photo} onChoose={setPhoto} error={photoError} onError={setPhotoError} />
        </FormSection>

        <FormSection>
          <VisibilityFields values={values} onChange={set} />
        </FormSection>

        <FormSection title={t('projectForm.fields.mapView')}>
          <MapViewField
            id={fieldId('bounds')}
            bounds={values.bounds}
            onChange={(bounds) => set('bounds', bounds)}
            error={serverErrors.bounds ?? null}
          />
        </FormSection>

        <FormSection>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateField {...fieldProps('startDate')} label={t('projectForm.fields.startDate')} />
            <DateField {...fieldProps('endDate')} label={t('projectForm.fields.endDate')} />
          </Stack>
        </FormSection>

        <FormActions
          submitLabel={save.isPending ? t('projectForm.saving') : editing ? t('projectForm.save') : t('projectForm.add')}
          cancelLabel={t('projectForm.cancel')}
          cancelHref={project ? paths.viewProject.getHref(project.id) : paths.projects.getHref()}
          saving={save.isPending}
          blocker={blocker}
          deletion={
            editing
              ? {
                  label: t('projectForm.delete'),
                  title: t('projectForm.deleteTitle'),
                  text: t('projectForm.deleteText', { name: project.name }),
                  confirmLabel: remove.isPending ? t('projectForm.deleting') : t('projectForm.deleteConfirm'),
                  busy: remove.isPending,
                  onConfirm: (close: () => void) =>
                    remove.mutate(project.id, {
                      onSuccess: () => {
                        close();
                        showSnackbar(t('projectForm.deleted'), 'success');
                        allowNextNavigation();
                        void navigate(paths.projects.getHref());
                      },
                      onError: () => {
                        close();
                        showSnackbar(t('projectForm.deleteFailed'), 'fail');
                      },
                    }),
                }
              : null
          }
        />
      </Stack>
    </Box>
  );
};
