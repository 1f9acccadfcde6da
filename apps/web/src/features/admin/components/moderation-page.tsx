import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

/** Spec §2 Admin moderation: built on the discussion feature's moderation calls once they are on this server. */
export const ModerationPage = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('console.moderation.title')} />
      <Typography variant="h4" component="h1">
        {translate('console.moderation.title')}
      </Typography>
      <Alert severity="info">{translate('console.moderation.unavailable')}</Alert>
    </Stack>
  );
};
