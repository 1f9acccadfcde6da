import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title';
import { FieldNotes } from './field-notes';
import { StationNotesPanel } from './station-notes-panel';

type StationNotesPageProps = {
  readonly stationId: number;
  readonly stationName: string;
  /** The station page, for the link back. */
  readonly stationHref: string;
  /** Heading level of the station's name: 1 on its own page, 2 inside the project notes page. */
  readonly headingLevel?: 1 | 2;
};

/** Spec §2 Station notes and field notes of one station. */
export const StationNotesPage = ({ stationId, stationName, stationHref, headingLevel = 1 }: StationNotesPageProps) => {
  const { t } = useTranslation();
  const title = t('notes.pageTitleOf', { name: stationName });
  usePageTitle(headingLevel === 1 ? title : null);
  const sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <Stack spacing={2} component="article" aria-label={title}>
      {headingLevel === 1 ? (
        <Link
          component={RouterLink}
          to={stationHref}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden />
          {t('notes.openStation')}
        </Link>
      ) : null}
      <Typography
        component={headingLevel === 1 ? 'h1' : 'h2'}
        variant={headingLevel === 1 ? 'h4' : 'h5'}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {headingLevel === 2 ? (
        <Link component={RouterLink} to={stationHref} sx={{ alignSelf: 'flex-start' }}>
          {t('notes.openStation')}
        </Link>
      ) : null}
      <Paper variant="outlined" component="section" aria-label={t('notes.pageTitle')} sx={{ p: { xs: 2, md: 3 } }}>
        <StationNotesPanel stationId={stationId} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby={`field-notes-${stationId}`} sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id={`field-notes-${stationId}`} component={sub} variant="h6" sx={{ mb: 1.5 }}>
          {t('fieldNotes.title')}
        </Typography>
        <FieldNotes stationId={stationId} stationName={stationName} headingLevel={headingLevel === 1 ? 3 : 4} />
      </Paper>
    </Stack>
  );
};
