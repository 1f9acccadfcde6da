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
import Typography from '@mui/material/Typography';
import type { Project } from '@groundtruth/contracts';
import type { ReactNode, RefObject } from 'react';
import { ConflictAlert } from '@/components/conflict-alert';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from 'react-i18next';
import { ImageUploader, type ChosenImage } from '@/components/image-uploader';
import { partner } from '@/config/partner';
import type { ProjectFormField, ProjectFormValues } from '../utils/project-form';
import { ProjectPhoto } from './project-photo';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

export const fieldId = (field: ProjectFormField) => `project-${field}`;

export /** The label of each field the error summary can name. */
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

export const FormSection = ({ title, children }: { title?: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
    {title ? (
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
    ) : null}
    <Stack spacing={2}>{children}</Stack>
  </Paper>
);

/** Spec §2: what an invalid save names at the top, each a link to its field. */
export const InvalidSummary = ({ fields }: { readonly fields: readonly ProjectFormField[] }) => {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      {t('projectForm.invalid')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {fields.map((field) => (
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
  );
};

/** One of two choices, as radio buttons under a label. */
const TwoChoices = ({
  id,
  label,
  value,
  onChange,
  options,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: boolean;
  readonly onChange: (value: boolean) => void;
  /** The labels of true and of false. */
  readonly options: readonly [string, string];
}) => (
  <FormControl>
    <FormLabel id={id}>{label}</FormLabel>
    <RadioGroup aria-labelledby={id} value={value ? 'yes' : 'no'} onChange={(event) => onChange(event.target.value === 'yes')}>
      <FormControlLabel value="yes" control={<Radio />} label={options[0]} />
      <FormControlLabel value="no" control={<Radio />} label={options[1]} />
    </RadioGroup>
  </FormControl>
);

type VisibilityValues = Pick<ProjectFormValues, 'isPublic' | 'showExactLocation' | 'showStations'>;

/** Public or not, exact or general station locations, stations on the map or not. */
export const VisibilityFields = ({
  values,
  onChange,
}: {
  readonly values: VisibilityValues;
  readonly onChange: <K extends keyof VisibilityValues>(field: K, value: VisibilityValues[K]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              id={fieldId('isPublic')}
              checked={values.isPublic}
              onChange={(event) => onChange('isPublic', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'project-isPublic-help' } }}
            />
          }
          label={t('projectForm.fields.isPublic')}
        />
        <FormHelperText id="project-isPublic-help" sx={{ mx: 0 }}>
          {t('projectForm.fields.isPublicHelp')}
        </FormHelperText>
      </div>
      <TwoChoices
        id="project-exact-location-label"
        label={t('projectForm.fields.stationLocation', noun)}
        value={values.showExactLocation}
        onChange={(exact) => onChange('showExactLocation', exact)}
        options={[t('projectForm.fields.exactLocation', noun), t('projectForm.fields.generalLocation')]}
      />
      <TwoChoices
        id="project-stations-map-label"
        label={t('projectForm.fields.stationsOnMap', noun)}
        value={values.showStations}
        onChange={(show) => onChange('showStations', show)}
        options={[t('projectForm.fields.showStations', noun), t('projectForm.fields.hideStations', noun)]}
      />
    </>
  );
};

/** The project's photo: the current one, or the one chosen to replace it. */
export const ProjectPhotoField = ({
  project,
  chosen,
  onChoose,
  error,
  onError,
}: {
  readonly project: Project | undefined;
  readonly chosen: ChosenImage | null;
  readonly onChoose: (image: ChosenImage | null) => void;
  readonly error: string | null;
  readonly onError: (error: string | null) => void;
}) => {
  const { t } = useTranslation();
  return (
    <ImageUploader
      chosen={chosen}
      onChoose={onChoose}
      error={error}
      onError={onError}
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
  );
};

/**
 * The form's title and intro, what a save over a newer version ran into (409), and the summary an
 * invalid save names at the top (it takes the focus).
 */
export const ProjectFormHeading = ({
  editing,
  conflict,
  summaryRef,
  invalidFields,
}: {
  readonly editing: boolean;
  readonly conflict: { readonly onShowTheirs: () => void; readonly onKeepMine: () => void } | null;
  readonly summaryRef: RefObject<HTMLDivElement | null>;
  readonly invalidFields: readonly ProjectFormField[];
}) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading id="project-form-heading">{editing ? t('projectForm.editTitle') : t('projectForm.addTitle')}</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('projectForm.intro')}
      </Typography>
      {conflict ? (
        <Box sx={{ mb: 2 }}>
          <ConflictAlert onShowTheirs={conflict.onShowTheirs} onKeepMine={conflict.onKeepMine} />
        </Box>
      ) : null}
      <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none', mb: invalidFields.length > 0 ? 2 : 0 }}>
        <InvalidSummary fields={invalidFields} />
      </Box>
    </>
  );
};
