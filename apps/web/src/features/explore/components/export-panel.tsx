import type { ExportFormat, SensorsMeta, Station } from '@groundtruth/contracts';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosableDialog } from '@/components/closable-dialog';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';
import { exportHistoryQueryKey, startExport, useExportStatus } from '../api/exports';
import { useDayRangeDraft } from '../hooks/use-day-range-draft';
import { exportRefusal, exportRequestProblem, suggestedExport, type ExportRequest } from '../utils/export-request';
import { sensorById, sensorTitle } from '../utils/series';
import type { SeriesRef, TimeRange } from '../utils/workspace';
import { DayRangeFields } from './day-range-fields';
import { DownloadButton, ExportHistory, JobState } from './export-history';

type ExportPanelProps = {
  /** The workspace's stations (their model names decide whether export is offered). */
  readonly stations: readonly Station[];
  /** Every series of the workspace's charts. */
  readonly series: readonly SeriesRef[];
  /** The first group's window: the suggested range. */
  readonly range: TimeRange | null;
  readonly meta: SensorsMeta | undefined;
  /** Open from the start (/viz/export?v=). */
  readonly initiallyOpen?: boolean;
};

const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What to tell the reader when the server refused to start an export. */
const errorKey = (error: unknown) => {
  if (isApiError(error)) {
    if (error.code === 'EXPORT.OFF') return 'explore.export.off' as const;
    if (error.code === 'EXPORT.NODERED') return 'explore.export.nodeRed' as const;
    if (error.status === 429) return 'explore.export.tooMany' as const;
    if (error.status === 403) return 'explore.export.forbidden' as const;
  }
  return 'explore.export.startFailed' as const;
};

/** The form: format, stations, sensors and days of the workspace (each editable), then the export's progress. */
const ExportForm = ({ stations, series, range, meta }: ExportPanelProps & { readonly range: TimeRange }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [request, setRequest] = useState<ExportRequest>(() => suggestedExport(series, range, localZone()));
  const [token, setToken] = useState<string | null>(null);
  const status = useExportStatus(token);
  const start = useMutation({
    mutationFn: () => startExport(format, request),
    onSuccess: (job) => {
      setToken(job.token);
      void queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey });
    },
  });
  const stationIds = [...new Set(series.map((s) => s.stationId))];
  const sensorIds = [...new Set(series.map((s) => s.sensorId))];
  const stationName = (id: number) => stations.find((s) => s.id === id)?.name ?? `#${id}`;
  const sensorName = (id: number) => sensorTitle(sensorById(meta, id), i18n.language, `#${id}`);
  const toggle = (key: 'stations' | 'sensors', id: number, on: boolean) =>
    setRequest((r) => ({ ...r, [key]: on ? [...r[key], id] : r[key].filter((x) => x !== id) }));
  // Days typed but not taken (a last day before the first, a half-typed date) block the export too.
  const dates = useDayRangeDraft([request.start, request.end], ([start, end]) => setRequest((r) => ({ ...r, start, end })));
  const problem = exportRequestProblem(request);
  const blocked = problem !== null || dates.problem !== null;
  const job = status.data ?? start.data;

  return (
    <Stack
      component="form"
      spacing={2}
      aria-labelledby="explore-export-new"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) start.mutate();
      }}
    >
      <Typography id="explore-export-new" component="h3" variant="subtitle1">
        {t('explore.export.new')}
      </Typography>
      <FormControl>
        <FormLabel id="explore-export-format">{t('explore.export.format')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="explore-export-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
        >
          <FormControlLabel value="csv" control={<Radio />} label={t('explore.export.formats.csv')} />
          <FormControlLabel value="json-lines" control={<Radio />} label={t('explore.export.formats.json-lines')} />
        </RadioGroup>
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControl component="fieldset" sx={{ flex: 1 }}>
          <FormLabel component="legend">{t('explore.export.stations')}</FormLabel>
          <FormGroup>
            {stationIds.map((id) => (
              <FormControlLabel
                key={id}
                control={
                  <Checkbox checked={request.stations.includes(id)} onChange={(e) => toggle('stations', id, e.target.checked)} />
                }
                label={stationName(id)}
              />
            ))}
          </FormGroup>
        </FormControl>
        <FormControl component="fieldset" sx={{ flex: 1 }}>
          <FormLabel component="legend">{t('explore.export.sensors')}</FormLabel>
          <FormGroup>
            {sensorIds.map((id) => (
              <FormControlLabel
                key={id}
                control={
                  <Checkbox checked={request.sensors.includes(id)} onChange={(e) => toggle('sensors', id, e.target.checked)} />
                }
                label={sensorName(id)}
              />
            ))}
          </FormGroup>
        </FormControl>
      </Stack>
      <DayRangeFields dates={dates} fromLabel={t('explore.export.firstDay')} toLabel={t('explore.export.lastDay')} />
      <Typography variant="body2" color="text.secondary">
        {t('explore.export.timeZone', { tz: request.tz })}
      </Typography>
      {problem !== null && (
        <Typography variant="body2" color="error" id="explore-export-problem">
          {t(`explore.export.problems.${problem}`)}
        </Typography>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<FileDownloadIcon aria-hidden />}
          disabled={blocked}
          loading={start.isPending}
          {...(problem !== null ? { 'aria-describedby': 'explore-export-problem' } : {})}
        >
          {t('explore.export.start')}
        </Button>
      </Box>
      {start.isError && <Alert severity="error">{t(errorKey(start.error))}</Alert>}
      <Box role="status" aria-live="polite" data-testid="export-current">
        {job && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <JobState job={job} />
            {job.state === 'done' && (
              <DownloadButton job={job}>{t('explore.export.downloadFile', { name: job.fileName })}</DownloadButton>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
};

/**
 * The export panel (spec §2 Export panel, §4 Export states): a CSV or JSON lines export of the
 * workspace's stations, sensors and days (each editable), its progress polled each second, its
 * download, and the caller's export history. Not offered in flood partner mode; refused for NodeRed
 * stations (the server refuses both too).
 */
export const ExportPanel = (props: ExportPanelProps) => {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const [open, setOpen] = useState(props.initiallyOpen ?? false);
  const refusal = exportRefusal(partner.exportEnabled, props.stations);
  if (refusal === 'off') return null;

  let body;
  if (!signedIn)
    body = (
      <Alert severity="info">
        {t('explore.export.signIn')}{' '}
        <Link component={RouterLink} to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}>
          {t('explore.export.signInLink')}
        </Link>
      </Alert>
    );
  else if (refusal === 'nodeRed') body = <Alert severity="info">{t('explore.export.nodeRed')}</Alert>;
  else
    body = (
      <Stack spacing={3}>
        {props.range === null || props.series.length === 0 ? (
          <Alert severity="info">{t('explore.export.nothing')}</Alert>
        ) : (
          <ExportForm {...props} range={props.range} />
        )}
        <ExportHistory />
      </Stack>
    );

  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('explore.export.button')}
      </Button>
      <ClosableDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('explore.export.title')}
        closeLabel={t('explore.close')}
        maxWidth="md"
      >
        {body}
      </ClosableDialog>
    </>
  );
};
