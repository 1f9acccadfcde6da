import type { StationNoteMedia } from '@groundtruth/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthenticatedPhoto } from '@/components/authenticated-photo';
import { useMedia } from '@/lib/media';

const AudioPlayer = ({ url, label }: { url: string; label: string }) => {
  const media = useMedia(url);
  if (media.isPending) return <CircularProgress size={20} aria-label={label} />;
  if (media.isError) return <Typography variant="body2">{label}</Typography>;
  return <audio controls src={media.data} aria-label={label} preload="metadata" style={{ maxWidth: '100%' }} />;
};

type NoteMediaProps = {
  readonly media: readonly StationNoteMedia[];
  readonly noteTitle: string;
  /** Shows a remove button on each (the form's edit mode). */
  readonly onRemove?: (media: StationNoteMedia) => void;
};

/** Spec §2: a note's photos and audio recordings. */
export const NoteMedia = ({ media, noteTitle, onRemove }: NoteMediaProps) => {
  const { t } = useTranslation();
  if (media.length === 0) return null;
  let audioIndex = 0;
  return (
    <Stack
      component="ul"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}
    >
      {media.map((m) => {
        const name =
          m.kind === 'audio' ? t('notes.media.audio', { index: ++audioIndex }) : t('notes.media.photoAlt', { title: noteTitle });
        return (
          <Box component="li" key={m.id} sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {m.kind === 'audio' ? (
              <AudioPlayer url={m.url} label={name} />
            ) : (
              <AuthenticatedPhoto url={m.url} alt={name} size={96} width={96} height={96} sx={{ borderRadius: 1 }} />
            )}
            {onRemove ? (
              <IconButton size="small" aria-label={t('notes.media.remove', { name })} onClick={() => onRemove(m)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
};
