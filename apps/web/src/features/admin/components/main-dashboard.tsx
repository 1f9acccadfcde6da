import { type BackupResult, ingestionRoutes, type Status, statusRoutes } from '@groundtruth/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, Title, useCreatePath, usePermissions, useTranslate } from 'react-admin';
import type { ConsolePermissions } from '@groundtruth/contracts';
import { callRoute } from '@/lib/call-route';

const Facts = ({ rows }: { readonly rows: readonly (readonly [string, string])[] }) => (
  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
    {rows.map(([term, value]) => (
      <Box key={term} sx={{ display: 'contents' }}>
        <Typography component="dt" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

/** Spec §2 Admin main: backup upload with what it holds. */
const BackupUpload = () => {
  const translate = useTranslate();
  const metaId = useId();
  const dataId = useId();
  const [meta, setMeta] = useState<File | null>(null);
  const [data, setData] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BackupResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    if (meta) form.append('meta', meta);
    if (data) form.append('data', data);
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await callRoute(ingestionRoutes.adminBackup, { form }));
    } catch (e) {
      setError(translate('console.main.backup.failed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="section" aria-labelledby="backup-title">
      <CardContent>
        <Typography id="backup-title" variant="h6" component="h2" gutterBottom>
          {translate('console.main.backup.title')}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate('console.main.backup.help')}
        </Typography>
        <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <label htmlFor={metaId}>{translate('console.main.backup.meta')}</label>
            <input id={metaId} type="file" onChange={(e) => setMeta(e.target.files?.[0] ?? null)} />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <label htmlFor={dataId}>{translate('console.main.backup.data')}</label>
            <input id={dataId} type="file" onChange={(e) => setData(e.target.files?.[0] ?? null)} />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={busy || (!meta && !data)}>
              {translate(busy ? 'console.main.backup.reading' : 'console.main.backup.submit')}
            </Button>
          </Box>
        </Stack>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {result ? (
          <Box sx={{ mt: 2 }} role="status" aria-label={translate('console.main.backup.result')}>
            <Typography variant="subtitle1" component="h3">
              {translate('console.main.backup.result')}
            </Typography>
            <Facts
              rows={[
                [translate('console.main.backup.deviceId'), result.deviceId ?? '--'],
                [translate('console.main.backup.generationId'), result.generationId ?? '--'],
                [translate('console.main.backup.deviceName'), result.deviceName ?? '--'],
                [translate('console.main.backup.records'), String(result.records)],
                [
                  translate('console.main.backup.errors'),
                  result.errors.length ? result.errors.join('; ') : translate('console.main.backup.noErrors'),
                ],
              ]}
            />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
};

/** Spec §2 Admin main: server info (serverName, tag, name, git hash). */
const ServerInfo = () => {
  const translate = useTranslate();
  const status = useQuery({
    queryKey: ['console', 'status'],
    queryFn: () => callRoute(statusRoutes.status, { schema: undefined }),
  });
  const s: Status | undefined = status.data;
  return (
    <Card component="section" aria-labelledby="server-title">
      <CardContent>
        <Typography id="server-title" variant="h6" component="h2" gutterBottom>
          {translate('console.main.server.title')}
        </Typography>
        {status.isPending ? <Typography>{translate('console.main.server.loading')}</Typography> : null}
        {status.isError ? <Alert severity="error">{translate('console.main.server.failed')}</Alert> : null}
        {s ? (
          <Facts
            rows={[
              [translate('console.main.server.serverName'), s.serverName],
              [translate('console.main.server.tag'), s.tag],
              [translate('console.main.server.name'), s.name],
              [translate('console.main.server.gitHash'), s.git.hash],
              [translate('console.main.server.healthy'), translate(s.healthy ? 'ra.boolean.true' : 'ra.boolean.false')],
            ]}
          />
        ) : null}
      </CardContent>
    </Card>
  );
};

/** Spec §2 Admin main: the 10-day log links, each opening the console's log view with its filter. */
const logLinks = [
  ['all', {}],
  ['errors', { level: 'error' }],
  ['ingestions', { kind: 'ingestion' }],
  ['conflicts', { kind: 'conflict' }],
] as const;

const Logs = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const list = createPath({ resource: 'logs', type: 'list' });
  return (
    <Card component="section" aria-labelledby="logs-title">
      <CardContent>
        <Typography id="logs-title" variant="h6" component="h2" gutterBottom>
          {translate('console.main.logs.title')}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate('console.main.logs.help')}
        </Typography>
        <Stack direction="row" spacing={2} component="nav" aria-labelledby="logs-title">
          {logLinks.map(([key, filter]) => (
            <Link
              key={key}
              to={{ pathname: list, search: `?filter=${encodeURIComponent(JSON.stringify(filter))}&order=DESC&sort=time` }}
            >
              {translate(`console.main.logs.${key}`)}
            </Link>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};

/** The console's first page: the spec's Main for site admins; moderators are pointed at moderation. */
export const MainDashboard = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<ConsolePermissions>();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('console.main.title')} />
      <Typography variant="h4" component="h1">
        {translate('console.main.title')}
      </Typography>
      {permissions?.admin ? (
        <>
          <BackupUpload />
          <ServerInfo />
          <Logs />
        </>
      ) : (
        <Typography>{translate('console.moderation.title')}</Typography>
      )}
    </Stack>
  );
};
