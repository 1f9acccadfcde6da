import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ProjectFormField } from '../utils/project-form';
import { fieldId } from './project-form-sections';

type FieldProps<F extends ProjectFormField> = {
  readonly field: F;
  readonly label: string;
  readonly value: string;
  readonly error: string | null;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
};

/** A required text of at most 100 characters, counting as it is typed (spec §5). */
export const LimitedTextField = ({
  field,
  label,
  value,
  error,
  onChange,
  onBlur,
  multiline = false,
}: FieldProps<'name' | 'description' | 'goal' | 'location'> & { readonly multiline?: boolean }) => (
  <TextField
    id={fieldId(field)}
    name={field}
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    onBlur={onBlur}
    error={error !== null}
    helperText={error ?? `${value.trim().length}/100`}
    required
    fullWidth
    multiline={multiline}
    minRows={multiline ? 2 : undefined}
  />
);

/** A date typed as M/D/YYYY (spec §5), D/M/AAAA in Spanish (the placeholder says which). */
export const DateField = ({ field, label, value, error, onChange, onBlur }: FieldProps<'startDate' | 'endDate'>) => {
  const { t } = useTranslation();
  return (
    <TextField
      id={fieldId(field)}
      name={field}
      label={label}
      value={value}
      placeholder={t('projectForm.fields.datePlaceholder')}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error !== null}
      helperText={error ?? t('projectForm.fields.dateHelp')}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      sx={{ flex: 1 }}
    />
  );
};
