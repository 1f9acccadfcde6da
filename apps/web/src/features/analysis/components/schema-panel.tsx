import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAnalysisSchema } from '../api/analysis-schema';

/** The tables a query may read, beside the editor, with the caller's stations and the sensors to name. */
export const SchemaPanel = () => {
  const { t } = useTranslation();
  const schema = useAnalysisSchema();
  if (schema.isPending) return <Typography color="text.secondary">{t('analysis.schemaLoading')}</Typography>;
  if (schema.isError) return <Alert severity="error">{schema.error.message}</Alert>;
  const { tables, stations, sensors, limits } = schema.data;
  return (
    <Box
      component="section"
      aria-label={t('analysis.schema')}
      tabIndex={0}
      sx={{ fontSize: 13, maxHeight: 640, overflow: 'auto' }}
    >
      <Typography component="h2" variant="subtitle1">
        {t('analysis.schema')}
      </Typography>
      {tables.map((table) => (
        <Box key={table.name} sx={{ mb: 1.5 }}>
          <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{table.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {table.description}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {table.columns.map((c) => (
              <li key={c.name}>
                <code>{c.name}</code> <small>{c.type}</small>
              </li>
            ))}
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('analysis.rule')}
      </Typography>
      <Typography component="h3" variant="subtitle2">
        {t('analysis.stations')}
      </Typography>
      <Box component="ul" sx={{ mt: 0, pl: 2 }}>
        {stations.map((s) => (
          <li key={s.id}>
            <code>{s.id}</code> {s.name} <small>({t(`analysis.access.${s.access}`)})</small>
          </li>
        ))}
      </Box>
      <Typography component="h3" variant="subtitle2">
        {t('analysis.sensors')}
      </Typography>
      <Box component="ul" sx={{ mt: 0, pl: 2 }}>
        {sensors.map((s) => (
          <li key={s.id}>
            <code>{s.id}</code> {s.key} {s.unit ? <small>({s.unit})</small> : null}
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('analysis.limits', { seconds: limits.maxExecutionSeconds, rows: limits.maxResultRows })}
      </Typography>
    </Box>
  );
};
