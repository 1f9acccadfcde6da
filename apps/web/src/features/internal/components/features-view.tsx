import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { usePageTitle } from '@/hooks/use-page-title';
import { DATA_BACKENDS, featureFlags, type DataBackend } from '@/lib/feature-flags';

/** /internal/features (spec §2 Hidden features page): the data backend and tiny charts, kept in local storage. */
export const FeaturesView = () => {
  const { t } = useTranslation();
  usePageTitle(t('internalFeatures.title'));
  const [backend, setBackend] = useState<DataBackend>(featureFlags.dataBackend());
  const [tiny, setTiny] = useState(featureFlags.tinyCharts());
  // Each switch is kept at once: the snackbar says so (there is no save button to wait for).
  const showSnackbar = useSnackbar();
  const saved = () => showSnackbar(t('internalFeatures.saved'), 'success');
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Typography component="h1" variant="h5">
        {t('internalFeatures.title')}
      </Typography>
      <Typography color="text.secondary">{t('internalFeatures.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            label={t('internalFeatures.dataBackend')}
            value={backend}
            onChange={(e) => {
              const next = e.target.value as DataBackend;
              featureFlags.setDataBackend(next);
              setBackend(next);
              saved();
            }}
          >
            {DATA_BACKENDS.map((b) => (
              <MenuItem key={b} value={b}>
                {b}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={tiny}
                onChange={(e) => {
                  featureFlags.setTinyCharts(e.target.checked);
                  setTiny(e.target.checked);
                  saved();
                }}
              />
            }
            label={t('internalFeatures.tinyCharts')}
          />
        </Stack>
      </Paper>
    </Stack>
  );
};
