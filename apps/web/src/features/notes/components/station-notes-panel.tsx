import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';
import { useStationNotes } from '../api/station-notes';
import { StationNotesForm } from './station-notes-form';
import { StationNotesReadOnly } from './station-notes-view';
import { LoadingBlock } from '@/components/loading-block';

type StationNotesPanelProps = {
  readonly stationId: number;
};

/**
 * A station's five notes: the form for those who may write them, else read only (with why). Whether
 * one may is the server's answer from the policy's `station.writeNotes`, on every screen that shows them.
 */
export const StationNotesPanel = ({ stationId }: StationNotesPanelProps) => {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  const query = useStationNotes(stationId);
  if (query.isPending) {
    return (
      <LoadingBlock label={t('notes.loading')}>
        <Skeleton aria-hidden />
        <Skeleton width="70%" aria-hidden />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.isForbidden)
      return <Alert severity="warning">{t('station.privateStation')}</Alert>;
    return <ErrorState message={t('notes.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.readOnly) {
    return (
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {signedIn ? t('notes.readOnly') : t('notes.signInToWrite')}
        </Typography>
        <StationNotesReadOnly notes={query.data} />
      </Box>
    );
  }
  // The form keeps its draft while the notes are fetched again; a save over someone else's newer
  // version is refused by the server (409) and the form says so.
  return <StationNotesForm key={stationId} stationId={stationId} notes={query.data} />;
};
