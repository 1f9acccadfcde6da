import type { ExportJob } from '@groundtruth/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { downloadExport, exportHistoryQueryKey, useExportHistory } from '../api/exports';

const formatSize = (bytes: number | null, lng: string): string => {
  if (bytes === null) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${new Intl.NumberFormat(lng, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(n)} ${units[i]}`;
};

/** One export's state in words, with its progress while it runs. */
export const JobState = ({ job }: { readonly job: ExportJob }) => {
  const { t } = useTranslation();
  const running = job.state === 'queued' || job.state === 'running';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }}>
      <Typography variant="body2" data-testid="export-state" data-state={job.state} data-rows={job.rows}>
        {/* Done with no rows: a file of headers only, said so rather than a plain 'Done'. */}
        {job.state === 'failed' && job.errorCode === 'EXPORT.TOO_LARGE'
          ? t('explore.export.tooLarge')
          : job.state === 'done' && job.rows === 0
            ? t('explore.export.noReadings')
            : t(`explore.export.states.${job.state}`, { progress: Math.floor(job.progress) })}
        {job.state === 'failed' && job.error && job.errorCode !== 'EXPORT.TOO_LARGE' ? `: ${job.error}` : ''}
      </Typography>
      {/* Files are kept EXPORT_RETENTION_DAYS: the history says until when, then that they are gone. */}
      {job.expiresAt !== null && (job.state === 'done' || job.state === 'expired') && (
        <Typography variant="body2" color="text.secondary" data-testid="export-expiry">
          {t(job.state === 'done' ? 'explore.export.keptUntil' : 'explore.export.expiredOn', {
            date: formatDateTime(job.expiresAt),
          })}
        </Typography>
      )}
      {running && (
        <LinearProgress
          variant={job.state === 'queued' ? 'indeterminate' : 'determinate'}
          value={job.progress}
          aria-label={t('explore.export.progress', { format: t(`explore.export.formats.${job.format}`) })}
        />
      )}
    </Stack>
  );
};

export const DownloadButton = ({ job, children }: { readonly job: ExportJob; readonly children: ReactNode }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: () => downloadExport(job),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey }),
  });
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden />}
        onClick={() => download.mutate()}
        loading={download.isPending}
      >
        {children}
      </Button>
      {download.isError && (
        <Typography variant="body2" color="error" role="alert">
          {isApiError(download.error) && download.error.status === 410
            ? t('explore.export.expiredDownload')
            : t('explore.export.downloadFailed')}
        </Typography>
      )}
    </Stack>
  );
};

/** The caller's exports (spec §3 Export history): format, created, state and progress, size, downloaded, download. */
export const ExportHistory = () => {
  const { t, i18n } = useTranslation();
  const history = useExportHistory(true);
  let body;
  if (history.isPending) body = <Skeleton variant="rectangular" height={60} aria-label={t('explore.export.historyLoading')} />;
  else if (history.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            {t('explore.retry')}
          </Button>
        }
      >
        {t('explore.export.historyFailed')}
      </Alert>
    );
  else if (history.data.exports.length === 0)
    body = <Typography color="text.secondary">{t('explore.export.historyEmpty')}</Typography>;
  else
    body = (
      <List dense disablePadding data-testid="export-history">
        {history.data.exports.map((job) => (
          <ListItem
            key={job.id}
            divider
            disableGutters
            data-testid="export-history-item"
            data-token={job.token}
            data-downloaded={job.downloaded}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`explore.export.formats.${job.format}`)} · {formatDateTime(job.createdAt)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    formatSize(job.size, i18n.language),
                    job.downloaded ? t('explore.export.downloaded') : t('explore.export.notDownloaded'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <JobState job={job} />
              {job.state === 'done' && <DownloadButton job={job}>{t('explore.export.download')}</DownloadButton>}
            </Stack>
          </ListItem>
        ))}
      </List>
    );
  return (
    <Box component="section" aria-labelledby="explore-export-history">
      <Typography id="explore-export-history" component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('explore.export.history')}
      </Typography>
      {body}
    </Box>
  );
};
