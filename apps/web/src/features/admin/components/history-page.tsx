import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { HistoryViewer } from '@/components/history';

/** A stream's name as the log spells it: a kind, a dash and an id (`project-12`, `station-3`, `user-7`). */
const STREAM_NAME = /^[a-z][a-z-]*-[0-9A-Za-z_-]+$/;

/**
 * Issue 29 in the console: any entity's history (its events, the state as of a chosen one and what it
 * changed), for site admins; the server's policy decides again on every call.
 */
export const HistoryPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { streamId } = useParams();
  const [draft, setDraft] = useState(streamId ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(streamId ?? ''), [streamId]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('console.history.title')} />
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          const name = draft.trim();
          if (!STREAM_NAME.test(name)) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          void navigate(`/admin/history/${encodeURIComponent(name)}`);
        }}
      >
        <TextField
          size="small"
          label={translate('console.history.stream')}
          value={draft}
          error={invalid}
          helperText={invalid ? translate('console.history.invalid') : translate('console.history.streamHelp')}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="contained">
          {translate('console.history.open')}
        </Button>
      </Stack>
      {streamId ? <HistoryViewer key={streamId} streamId={streamId} /> : null}
    </Box>
  );
};
