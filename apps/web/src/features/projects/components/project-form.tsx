import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Project } from '@groundtruth/contracts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConflictAlert } from '@/components/conflict-alert';
import { ImageUploader, type ChosenImage } from '@/components/image-uploader';
import { PageHeading } from '@/components/page-heading';
import { useSnackbar } from '@/components/snackbar';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { FormActions } from './form-actions';
import { useDeleteProject, useSaveProject } from '../api/save-project';
import {
  FIELD_ORDER,
  emptyProjectForm,
  formValuesOf,
  hasErrors,
  projectBodyOf,
  sameFormValues,
  validateProjectForm,
  type ProjectFormError,
  type ProjectFormField,
  type ProjectFormValues,
} from '../utils/project-form';
import { projectMessageKeyOf } from '../utils/project-messages';
import { MapViewField } from './map-view-field';
import { ProjectPhoto } from './project-photo';
import { TagsField } from './tags-field';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

/** The server's field names, as the form's. */
const SERVER_FIELDS: Record<string, ProjectFormField> = {
  name: 'name',
  description: 'description',
  goal: 'goal',
  location: 'location',
  tags: 'tags',
  startTime: 'startDate',
  endTime: 'endDate',
  bounds: 'bounds',
};

const fieldId = (field: ProjectFormField) => `project-${field}`;

/** The label of each field the error summary can name. */
const FIELD_LABELS: Partial<
  Record<
    ProjectFormField,
    `projectForm.fields.${'name' | 'description' | 'goal' | 'location' | 'tags' | 'startDate' | 'endDate' | 'mapView'}`
  >
> = {
  name: 'projectForm.fields.name',
  description: 'projectForm.fields.description',
  goal: 'projectForm.fields.goal',
  location: 'projectForm.fields.location',
  tags: 'projectForm.fields.tags',
  startDate: 'projectForm.fields.startDate',
  endDate: 'projectForm.fields.endDate',
  bounds: 'projectForm.fields.mapView',
};

/** A server message as one of the form's own (translated), or as sent. */
const useServerFieldMessage = () => {
  const { t } = useTranslation();
  return (text: string): string => {
    const key = projectMessageKeyOf(text);
    if (key === 'required' || key === 'tooLong' || key === 'endBeforeStart' || key === 'badDate')
      return t(`projectForm.errors.${key}`);
    return text;
  };
};

const FormSection = ({ title, children }: { title?: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
    {title ? (
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
    ) : null}
    <Stack spacing={2}>{children}</Stack>
  </Paper>
);

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const serverMessage = useServerFieldMessage();
  const editing = project !== undefined;
  usePageTitle(editing ? t('projectForm.editTitle') : t('projectForm.addTitle'));

  const [saved, setSaved] = useState<ProjectFormValues>(() => (project ? formValuesOf(project) : emptyProjectForm));
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

  const errors = validateProjectForm(values);
  const dirty = !sameFormValues(values, saved) || photo !== null;
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty && !remove.isSuccess);

  const errorOf = (field: ProjectFormField): string | null => {
    const server = serverErrors[field];
    if (server) return server;
    const key: ProjectFormError | undefined = errors[field];
    return key && (submitted || touched[field]) ? t(`projectForm.errors.${key}`) : null;
  };

  const set = <K extends ProjectFormField>(field: K, value: ProjectFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  const text = (field: 'name' | 'description' | 'goal' | 'location', label: string, multiline = false) => {
    const error = errorOf(field);
    return (
      <TextField
        id={fieldId(field)}
        name={field}
        label={label}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => setTouched((previous) => ({ ...previous, [field]: true }))}
        error={error !== null}
        helperText={error ?? `${values[field].trim().length}/100`}
        required
        fullWidth
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
      />
    );
  };

  const date = (field: 'startDate' | 'endDate', label: string) => {
    const error = errorOf(field);
    return (
      <TextField
        id={fieldId(field)}
        name={field}
        label={label}
        value={values[field]}
        placeholder="M/D/YYYY"
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => setTouched((previous) => ({ ...previous, [field]: true }))}
        error={error !== null}
        helperText={error ?? t('projectForm.fields.dateHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ flex: 1 }}
      />
    );
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
        body: projectBodyOf(values, project?.privacy ?? 1),
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
      const fieldErrors: Partial<Record<ProjectFormField, string>> = {};
      if (isApiError(error) && error.errors) {
        for (const [name, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS[name];
          if (field) fieldErrors[field] = serverMessage(message);
        }
      }
      if (Object.keys(fieldErrors).length > 0) {
        setServerErrors(fieldErrors);
        showInvalidAtTop();
      } else showSnackbar(t('projectForm.saveFailed'), 'fail');
    }
  };

  const onDelete = (close: () => void) => {
    if (!project) return;
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
    });
  };

  const showTheirs = (theirs: Project) => {
    const their = formValuesOf(theirs);
    setSaved(their);
    setValues(their);
    setServerErrors({});
    setVersion(theirs.version);
    setConflict(null);
  };

  const keepMine = (theirs: Project) => {
    setVersion(theirs.version);
    setConflict(null);
    showSnackbar(t('conflict.keptMine'), 'success');
  };

  const invalidFields = [...FIELD_ORDER, 'bounds' as const].filter(
    (field) => errors[field] !== undefined || serverErrors[field] !== undefined,
  );
  const cancelHref = project ? paths.viewProject.getHref(project.id) : paths.projects.getHref();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="project-form-heading"
      sx={{ maxWidth: 880 }}
    >
      <PageHeading id="project-form-heading">{editing ? t('projectForm.editTitle') : t('projectForm.addTitle')}</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('projectForm.intro')}
      </Typography>

      {conflict ? (
        <Box sx={{ mb: 2 }}>
          <ConflictAlert onShowTheirs={() => showTheirs(conflict)} onKeepMine={() => keepMine(conflict)} />
        </Box>
      ) : null}

      <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none', mb: showInvalid && invalidFields.length > 0 ? 2 : 0 }}>
        {showInvalid && invalidFields.length > 0 ? (
          <Alert severity="error" role="alert">
            {t('projectForm.invalid')}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {invalidFields.map((field) => (
                <li key={field}>
                  <Box
                    component="a"
                    href={`#${fieldId(field)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(fieldId(field))?.focus();
                    }}
                    sx={{ color: 'inherit' }}
                  >
                    {t(FIELD_LABELS[field] ?? 'projectForm.fields.name')}
                  </Box>
                </li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </Box>

      <Stack spacing={3}>
        <FormSection>
          {text('name', t('projectForm.fields.name'))}
          {text('description', t('projectForm.fields.description'), true)}
          {text('goal', t('projectForm.fields.goal'), true)}
          {text('location', t('projectForm.fields.location'))}
          <TagsField id={fieldId('tags')} tags={values.tags} onChange={(tags) => set('tags', tags)} error={errorOf('tags')} />
        </FormSection>

        <FormSection>
          <ImageUploader
            chosen={photo}
            onChoose={setPhoto}
            error={photoError}
            onError={setPhotoError}
            current={
              <ProjectPhoto
                project={project ?? { photo: null }}
                height="100%"
                size={320}
                alt={project?.photo ? t('projectForm.photo.currentAlt') : ''}
              />
            }
            text={{
              title: t('projectForm.fields.photo'),
              choose: t('projectForm.photo.choose'),
              chooseAnother: t('projectForm.photo.chooseAnother'),
              help: t('projectForm.photo.help'),
              chosen: (name) => t('projectForm.photo.chosen', { name }),
              wrongType: t('projectForm.photo.wrongType'),
              previewAlt: t('projectForm.photo.previewAlt'),
            }}
          />
        </FormSection>

        <FormSection>
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  id={fieldId('isPublic')}
                  checked={values.isPublic}
                  onChange={(event) => set('isPublic', event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'project-isPublic-help' } }}
                />
              }
              label={t('projectForm.fields.isPublic')}
            />
            <FormHelperText id="project-isPublic-help" sx={{ mx: 0 }}>
              {t('projectForm.fields.isPublicHelp')}
            </FormHelperText>
          </div>
          <FormControl>
            <FormLabel id="project-exact-location-label">{t('projectForm.fields.stationLocation', noun)}</FormLabel>
            <RadioGroup
              aria-labelledby="project-exact-location-label"
              value={values.showExactLocation ? 'exact' : 'general'}
              onChange={(event) => set('showExactLocation', event.target.value === 'exact')}
            >
              <FormControlLabel value="exact" control={<Radio />} label={t('projectForm.fields.exactLocation', noun)} />
              <FormControlLabel value="general" control={<Radio />} label={t('projectForm.fields.generalLocation')} />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="project-stations-map-label">{t('projectForm.fields.stationsOnMap', noun)}</FormLabel>
            <RadioGroup
              aria-labelledby="project-stations-map-label"
              value={values.showStations ? 'show' : 'hide'}
              onChange={(event) => set('showStations', event.target.value === 'show')}
            >
              <FormControlLabel value="show" control={<Radio />} label={t('projectForm.fields.showStations', noun)} />
              <FormControlLabel value="hide" control={<Radio />} label={t('projectForm.fields.hideStations', noun)} />
            </RadioGroup>
          </FormControl>
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
            {date('startDate', t('projectForm.fields.startDate'))}
            {date('endDate', t('projectForm.fields.endDate'))}
          </Stack>
        </FormSection>

        <FormActions
          submitLabel={save.isPending ? t('projectForm.saving') : editing ? t('projectForm.save') : t('projectForm.add')}
          cancelLabel={t('projectForm.cancel')}
          cancelHref={cancelHref}
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
                  onConfirm: onDelete,
                }
              : null
          }
        />
      </Stack>
    </Box>
  );
};
