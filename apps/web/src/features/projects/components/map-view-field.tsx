import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MapView, defaultBounds, roundBounds, type Bounds } from '@/components/map';
import type { ProjectBounds } from '../utils/project-form';

type MapViewFieldProps = {
  readonly id: string;
  readonly bounds: ProjectBounds | null;
  readonly onChange: (bounds: ProjectBounds | null) => void;
  readonly error: string | null;
};

const asBounds = (bounds: ProjectBounds | null): Bounds => (bounds ? [bounds.min, bounds.max] : defaultBounds());

/** Spec §2: the project's map view, set by panning and zooming the map; clearing it lets the map fit the stations. */
export const MapViewField = ({ id, bounds, onChange, error }: MapViewFieldProps) => {
  const { t } = useTranslation();
  const helpId = `${id}-help`;
  return (
    <Stack spacing={1} id={id} tabIndex={-1} aria-describedby={helpId} sx={{ outline: 'none' }}>
      <Typography variant="body2" color="text.secondary" id={helpId}>
        {t('projectForm.fields.mapViewHelp')}
      </Typography>
      <MapView
        label={t('projectForm.fields.mapView')}
        view={{ bounds: asBounds(bounds) }}
        height={300}
        onViewChange={(change) => {
          if (!change.byUser) return;
          const [min, max] = roundBounds(change.bounds);
          onChange({ min: [min[0], min[1]], max: [max[0], max[1]] });
        }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="body2" aria-live="polite">
          {bounds ? t('projectForm.fields.mapViewSet') : t('projectForm.fields.mapViewUnset')}
        </Typography>
        {bounds ? (
          <Button size="small" onClick={() => onChange(null)}>
            {t('projectForm.fields.mapViewReset')}
          </Button>
        ) : null}
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  );
};
