import { StationNotes, type StationNoteMedia } from '@groundtruth/contracts';
import { NOTE_KEYS, notesCompletion, type NoteKey } from '@groundtruth/domain';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { visuallyHidden } from '@/components/visually-hidden';
import { isApiError } from '@/lib/api-client';
import { useStationNotesMutations } from '../api/station-notes';
import { draftOf, notesToSave, type Draft, type DraftNote } from '../utils/notes-draft';
import { noteTitle } from '../utils/note-title';
import { NoteMedia } from './note-media';
import { NotesCompletion } from './station-notes-view';

const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const isAudio = (file: File) => /\.(m4a|caf)$/i.test(file.name) || /^audio\/(mp4|x-m4a|m4a|x-caf)$/.test(file.type);

type StationNotesFormProps = {
  readonly stationId: number;
  readonly notes: StationNotes;
};

/** Spec §2 Station notes: the five notes with their media, completion, save with a banner. */
export const StationNotesForm = ({ stationId, notes }: StationNotesFormProps) => {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const formId = useId();
  const { save, upload, removeMedia } = useStationNotesMutations(stationId);
  const [stored, setStored] = useState<Draft>(() => draftOf(notes));
  const [draft, setDraft] = useState<Draft>(stored);
  const [version, setVersion] = useState(notes.version);
  const [extraMedia, setExtraMedia] = useState<StationNoteMedia[]>([]);
  const [banner, setBanner] = useState<'saved' | 'failed' | 'conflict' | null>(null);
  /** The notes as someone else saved them meanwhile (a 409), until the person looks at them. */
  const [theirs, setTheirs] = useState<StationNotes | null>(null);
  const [mediaError, setMediaError] = useState<NoteKey | null>(null);
  const [uploading, setUploading] = useState<NoteKey | null>(null);
  const allMedia = [...notes.media, ...extraMedia];
  const hasPhoto = allMedia.some((m) => m.kind === 'photo');
  const completion = notesCompletion(NOTE_KEYS.filter((key) => draft[key].body.trim().length > 0).length, hasPhoto);
  const toSave = notesToSave(stored, draft, version);
  const dirty = toSave.creating.length + toSave.notes.length > 0;

  const change = (key: NoteKey, patch: Partial<DraftNote>) => {
    setBanner(null);
    setDraft((d) => ({ ...d, [key]: { ...d[key], ...patch } }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    save.mutate(toSave, {
      onSuccess: (answer) => {
        const next = draftOf(answer);
        setStored(next);
        setDraft(next);
        setVersion(answer.version);
        setExtraMedia([]);
        setBanner('saved');
        snackbar(t('notes.updateSuccess'), 'success');
      },
      onError: (error) => {
        const conflict = isApiError(error) && error.isConflict;
        const current = conflict ? StationNotes.safeParse(error.current) : null;
        setTheirs(current?.success ? current.data : null);
        setBanner(conflict ? 'conflict' : 'failed');
        snackbar(t('notes.updateFailed'), 'fail');
      },
    });
  };

  const onFile = async (key: NoteKey, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type) && !isAudio(file)) {
      setMediaError(key);
      return;
    }
    setMediaError(null);
    setUploading(key);
    try {
      const media = await upload.mutateAsync({ key, file });
      setExtraMedia((m) => [...m, media]);
      change(key, { mediaIds: [...draft[key].mediaIds, media.id] });
    } catch {
      snackbar(t('notes.media.uploadFailed'), 'fail');
    } finally {
      setUploading(null);
    }
  };

  const onRemove = (key: NoteKey, media: StationNoteMedia) => {
    removeMedia.mutate(media.id, {
      onSuccess: () => {
        change(key, { mediaIds: draft[key].mediaIds.filter((id) => id !== media.id) });
        // The server dropped it from the stored note too.
        setStored((s) => ({ ...s, [key]: { ...s[key], mediaIds: s[key].mediaIds.filter((id) => id !== media.id) } }));
      },
      onError: () => snackbar(t('station.somethingWentWrong'), 'fail'),
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <Typography id={`${formId}-title`} sx={visuallyHidden}>
        {t('notes.pageTitle')}
      </Typography>
      <Stack spacing={2.5}>
        <NotesCompletion percent={completion} />
        {NOTE_KEYS.map((key) => {
          const note = draft[key];
          const title = noteTitle(t, key, note.title);
          const media = note.mediaIds
            .map((id) => allMedia.find((m) => m.id === id))
            .filter((m): m is StationNoteMedia => m !== undefined);
          const inputId = `${formId}-${key}-file`;
          return (
            <Box component="fieldset" key={key} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
                {title}
              </Typography>
              <Stack spacing={1}>
                {key === 'customKey' ? (
                  <TextField
                    size="small"
                    label={t('notes.customKey.titleField')}
                    value={note.title}
                    onChange={(e) => change(key, { title: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                ) : null}
                <TextField
                  label={title}
                  helperText={t(`notes.${key}.help`)}
                  value={note.body}
                  onChange={(e) => change(key, { body: e.target.value })}
                  multiline
                  minRows={2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 10000 } }}
                />
                <NoteMedia media={media} noteTitle={title} onRemove={(m) => onRemove(key, m)} />
                <Box>
                  <Box
                    component="input"
                    id={inputId}
                    type="file"
                    accept=".jpg,.jpeg,.png,.m4a,.caf,image/jpeg,image/png,audio/mp4,audio/x-m4a,audio/x-caf"
                    aria-describedby={`${inputId}-help`}
                    onChange={(event: ChangeEvent<HTMLInputElement>) => void onFile(key, event)}
                    sx={(theme) => ({
                      ...visuallyHidden,
                      '&:focus-visible + label': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                    })}
                  />
                  <Button
                    component="label"
                    htmlFor={inputId}
                    size="small"
                    startIcon={<AttachFileIcon aria-hidden />}
                    disabled={uploading !== null}
                  >
                    {uploading === key
                      ? t('notes.media.uploading')
                      : `${t('notes.media.addPhoto')} / ${t('notes.media.addAudio')}`}
                  </Button>
                  <FormHelperText id={`${inputId}-help`} error={mediaError === key}>
                    {mediaError === key ? t('notes.media.wrongType') : t('notes.media.addHelp')}
                  </FormHelperText>
                </Box>
              </Stack>
            </Box>
          );
        })}
        {banner === 'saved' ? (
          <Alert severity="success" role="status">
            {t('notes.saved')}
          </Alert>
        ) : banner ? (
          <Alert severity="error" role="alert">
            {banner === 'conflict' ? t('conflict.notSaved') : t('notes.saveFailed')}
            {banner === 'conflict' && theirs ? (
              <Box sx={{ mt: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  color="inherit"
                  onClick={() => {
                    // Their notes replace the form (the edits made here are not saved, as said).
                    const next = draftOf(theirs);
                    setStored(next);
                    setDraft(next);
                    setVersion(theirs.version);
                    setTheirs(null);
                    setBanner(null);
                  }}
                >
                  {t('conflict.showTheirs')}
                </Button>
              </Box>
            ) : null}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {save.isPending ? t('notes.saving') : t('notes.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
