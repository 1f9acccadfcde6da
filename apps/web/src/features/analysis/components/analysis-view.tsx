import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANALYSIS_EXAMPLES, ANALYSIS_MEDIA_TYPES, type AnalysisMediaType } from '@groundtruth/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title';
import { downloadAnalysis, useRunAnalysis } from '../api/analysis-query';
import { resultPlot } from '../utils/result-series';
import { ResultChart } from './result-chart';
import { ResultTable } from './result-table';
import { SchemaPanel } from './schema-panel';

const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** /analysis: read-only SQL over the stations one may read, with the schema beside it (docs/analysis.md). */
export const AnalysisView = () => {
  const { t, i18n } = useTranslation();
  usePageTitle(t('analysis.title'));
  const [search, setSearch] = useSearchParams();
  const [sql, setSql] = useState(() => search.get('sql') ?? ANALYSIS_EXAMPLES[0]!.sql);
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [note, setNote] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const run = useRunAnalysis();
  const plot = useMemo(() => (run.data ? resultPlot(run.data) : null), [run.data]);

  const start = () => {
    setNote(null);
    run.mutate(sql);
  };
  const share = async () => {
    setSearch({ sql }, { replace: true });
    const link = `${window.location.origin}${window.location.pathname}?${new URLSearchParams({ sql }).toString()}`;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setNote(t('analysis.linkSaved'));
  };
  const download = async (type: AnalysisMediaType, extension: string) => {
    setDownloadError(null);
    try {
      saveBlob(await downloadAnalysis(sql, type), `groundtruth-analysis.${extension}`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5">
        {t('analysis.title')}
      </Typography>
      <Typography color="text.secondary">{t('analysis.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TextField
            select
            label={t('analysis.examples')}
            value=""
            onChange={(e) => {
              const example = ANALYSIS_EXAMPLES.find((x) => x.key === e.target.value);
              if (example) setSql(example.sql);
            }}
            sx={{ maxWidth: 420 }}
          >
            {ANALYSIS_EXAMPLES.map((example) => (
              <MenuItem key={example.key} value={example.key}>
                {t(`analysis.example.${example.key}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('analysis.editor')}
            multiline
            minRows={10}
            value={sql}
            onChange={(e) => setSql(e.target.value)}
            onKeyDown={(e) => {
              if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') start();
            }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={start} disabled={run.isPending || sql.trim() === ''}>
              {run.isPending ? t('analysis.running') : t('analysis.run')}
            </Button>
            <Button onClick={() => void share()}>{t('analysis.share')}</Button>
            <Button onClick={() => void download(ANALYSIS_MEDIA_TYPES.csv, 'csv')}>{t('analysis.downloadCsv')}</Button>
            <Button onClick={() => void download(ANALYSIS_MEDIA_TYPES.jsonLines, 'jsonl')}>
              {t('analysis.downloadJsonLines')}
            </Button>
          </Stack>
          {note && <Alert severity="success">{note}</Alert>}
          {downloadError && <Alert severity="error">{downloadError}</Alert>}
          {run.isError && (
            <Alert severity="error" role="alert">
              {run.error.message}
            </Alert>
          )}
          {run.data && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" role="status">
                {t('analysis.summary', {
                  count: run.data.rows,
                  ms: Math.round((run.data.statistics?.elapsed ?? 0) * 1000),
                })}
              </Typography>
              <Tabs value={view} onChange={(_, next: 'table' | 'chart') => setView(next)} aria-label={t('analysis.result')}>
                <Tab value="table" label={t('analysis.table')} />
                <Tab value="chart" label={t('analysis.chart')} disabled={plot === null} />
              </Tabs>
              {view === 'chart' && plot ? (
                <ResultChart plot={plot} label={t('analysis.chartLabel', { time: plot.time })} locale={i18n.language} />
              ) : (
                <ResultTable result={run.data} />
              )}
              {plot === null && (
                <Typography variant="body2" color="text.secondary">
                  {t('analysis.noChart')}
                </Typography>
              )}
            </Paper>
          )}
        </Stack>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <SchemaPanel />
        </Paper>
      </Box>
    </Stack>
  );
};
