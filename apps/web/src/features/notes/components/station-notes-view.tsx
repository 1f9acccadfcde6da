import type { StationNote, StationNotes } from '@groundtruth/contracts';
import { NOTE_KEYS } from '@groundtruth/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useStationNotes } from '../api/station-notes';
import { noteTitle } from '../utils/note-title';
import { NoteMedia } from './note-media';
import { LoadingBlock } from '@/components/loading-block';

/** Spec §2: completion percentage of a station's notes, as a bar and words. */
export const NotesCompletion = ({ percent }: { readonly percent: number }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" id="notes-completion">
        {t('notes.completion', { percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="notes-completion" />
    </Stack>
  );
};

/** The five notes, read only (spec §2 Station summary, details tab: read-only notes form). */
export const StationNotesReadOnly = ({ notes }: { readonly notes: StationNotes }) => {
  const { t } = useTranslation();
  const byKey = new Map<string, StationNote>(notes.notes.map((n) => [n.key, n]));
  return (
    <Stack spacing={1.5}>
      <NotesCompletion percent={notes.completion} />
      <Box component="dl" sx={{ m: 0 }}>
        {NOTE_KEYS.map((key) => {
          const note = byKey.get(key);
          return (
            <Box key={key} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {noteTitle(t, key, note?.title)}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  color={note?.body ? 'text.primary' : 'text.secondary'}
                >
                  {note?.body ? note.body : t('notes.empty')}
                </Typography>
                {note && note.mediaIds.length > 0 ? (
                  <Box sx={{ mt: 0.5 }}>
                    <NoteMedia
                      media={notes.media.filter((m) => note.mediaIds.includes(m.id))}
                      noteTitle={noteTitle(t, key, note.title)}
                    />
                  </Box>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
};

/** Loads a station's notes and shows them read only. */
export const StationNotesView = ({ stationId }: { readonly stationId: number }) => {
  const { t } = useTranslation();
  const query = useStationNotes(stationId);
  if (query.isPending) {
    return (
      <LoadingBlock label={t('notes.loading')}>
        <Skeleton aria-hidden />
      </LoadingBlock>
    );
  }
  if (query.isError)
    return <ErrorState message={t('notes.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <StationNotesReadOnly notes={query.data} />;
};
