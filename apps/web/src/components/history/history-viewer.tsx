import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEvent, AuditHistory } from '@groundtruth/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingBlock } from '@/components/loading-block';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { flattenState } from './flatten-state';
import './history-i18n';
import { HistoryValue } from './history-value';
import { useStreamHistory } from './use-stream-history';

type HistoryViewerProps = {
  /** The stream, as the log names it: `project-12`, `station-3`, `user-7`, `post-5`, … */
  readonly streamId: string;
  /** Events per page of the list (the slider spans them all). */
  readonly pageSize?: number;
};

const EventList = ({ history, onPick }: { history: AuditHistory; onPick: (revision: number) => void }) => {
  const { t } = useTranslation();
  const last = history.from + history.events.length - 1;
  return (
    <Box>
      <List dense aria-label={t('history.events')} sx={{ maxHeight: 480, overflow: 'auto' }}>
        {history.events.map((e) => (
          <ListItem key={e.revision} disablePadding>
            <ListItemButton
              selected={e.revision === history.at}
              aria-current={e.revision === history.at ? 'step' : undefined}
              onClick={() => onPick(e.revision)}
            >
              <ListItemText
                primary={`${e.revision}. ${e.type}`}
                secondary={`${formatDateTime(e.occurredAt)} · ${e.actor === null ? t('history.system') : t('history.actor', { id: e.actor })}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Button size="small" disabled={history.from === 0} onClick={() => onPick(history.from - 1)}>
          {t('history.earlier')}
        </Button>
        <Button size="small" disabled={last >= history.total - 1} onClick={() => onPick(last + 1)}>
          {t('history.later')}
        </Button>
      </Stack>
    </Box>
  );
};

/** One row of a field table: the field's name (monospace for a path) and its values. */
type FieldRow = { readonly key: string; readonly label: string; readonly path: boolean; readonly values: readonly unknown[] };

/** The viewer's tables (changes, state, event details): a field per row, named in a row header. */
const FieldTable = ({
  labelledBy,
  headers,
  rows,
  testId,
}: {
  readonly labelledBy: string;
  readonly headers?: readonly string[];
  readonly rows: readonly FieldRow[];
  readonly testId?: string;
}) => (
  <Table size="small" aria-labelledby={labelledBy} data-testid={testId}>
    {headers && (
      <TableHead>
        <TableRow>
          {headers.map((h) => (
            <TableCell key={h} component="th">
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
    )}
    <TableBody>
      {rows.map((r) => (
        <TableRow key={r.key}>
          <TableCell
            component="th"
            scope="row"
            sx={{ ...(r.path ? { fontFamily: 'monospace' } : {}), ...(r.values.length === 1 ? { width: '40%' } : {}) }}
          >
            {r.label}
          </TableCell>
          {r.values.map((v, i) => (
            <TableCell key={i}>
              <HistoryValue value={v} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

const Changes = ({ history }: { history: AuditHistory }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="history-changes">
      <Typography id="history-changes" variant="h6" component="h3" gutterBottom>
        {t('history.changes')}
      </Typography>
      {history.diff.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('history.noChanges')}
        </Typography>
      ) : (
        <FieldTable
          labelledBy="history-changes"
          testId="history-diff"
          headers={[t('history.field'), t('history.before'), t('history.after')]}
          rows={history.diff.map((c) => ({ key: c.path, label: c.path, path: true, values: [c.before, c.after] }))}
        />
      )}
    </section>
  );
};

const StateTable = ({ history }: { history: AuditHistory }) => {
  const { t } = useTranslation();
  const title = history.at === null ? t('history.stateBefore') : t('history.stateAsOf', { at: history.at });
  return (
    <section aria-labelledby="history-state">
      <Typography id="history-state" variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <FieldTable
        labelledBy="history-state"
        testId="history-state"
        headers={[t('history.field'), t('history.value')]}
        rows={flattenState(history.state).map((r) => ({ key: r.path, label: r.path, path: true, values: [r.value] }))}
      />
    </section>
  );
};

const EventDetails = ({ event }: { event: AuditEvent }) => {
  const { t } = useTranslation();
  const rows: FieldRow[] = [
    [t('history.type'), event.type],
    [t('history.occurredAt'), formatDateTime(event.occurredAt)],
    [t('history.position'), `${event.revision} · ${event.position}`],
    [t('history.correlation'), event.correlationId],
    [t('history.causation'), event.causationId],
  ].map(([label, value]) => ({ key: String(label), label: String(label), path: false, values: [value] }));
  const data = flattenState(event.data).map((r) => ({
    key: `data.${r.path}`,
    label: `${t('history.data')}: ${r.path}`,
    path: true,
    values: [r.value],
  }));
  return (
    <section aria-labelledby="history-details">
      <Typography id="history-details" variant="h6" component="h3" gutterBottom>
        {t('history.details')}
      </Typography>
      <FieldTable labelledBy="history-details" rows={[...rows, ...data]} />
    </section>
  );
};

/**
 * The history of any stream (audit replay): its events, a slider and a list to pick one, the state
 * as of that event folded by the server with the aggregate's own rules, and what the event changed.
 * Shared: the project and station pages and the admin console show it for any entity.
 */
export const HistoryViewer = ({ streamId, pageSize = 20 }: HistoryViewerProps) => {
  const { t } = useTranslation();
  const [at, setAt] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const query = useStreamHistory(streamId, at, pageSize);

  if (query.isPending) return <LoadingBlock label={t('history.loading')}>{null}</LoadingBlock>;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.isNotFound) return <EmptyState>{t('history.empty')}</EmptyState>;
    if (isApiError(error) && error.isForbidden) return <ErrorState message={t('history.forbidden')} />;
    return <ErrorState message={t('history.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const history = query.data;
  const shown = dragging ?? history.at ?? 0;
  const selected = history.events.find((e) => e.revision === history.at);
  return (
    <Stack spacing={2} data-testid="history-viewer" aria-busy={query.isFetching}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h5" component="h2">
          {t('history.events')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('history.eventCount', { count: history.total })}
        </Typography>
        <Button size="small" disabled={history.at === history.total - 1} onClick={() => setAt(null)}>
          {t('history.latest')}
        </Button>
      </Stack>
      {history.total > 1 ? (
        <Box sx={{ px: 1 }}>
          <Slider
            aria-label={t('history.slider')}
            min={0}
            max={history.total - 1}
            step={1}
            value={shown}
            valueLabelDisplay="auto"
            getAriaValueText={(v) => t('history.sliderValue', { at: v, total: history.total - 1 })}
            onChange={(_e, v) => setDragging(v as number)}
            onChangeCommitted={(_e, v) => {
              setDragging(null);
              setAt(v as number);
            }}
          />
        </Box>
      ) : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' }, alignItems: 'start' }}
      >
        <Paper variant="outlined">
          <EventList history={history} onPick={setAt} />
        </Paper>
        <Stack spacing={3}>
          <Changes history={history} />
          <StateTable history={history} />
          {selected ? <EventDetails event={selected} /> : null}
        </Stack>
      </Box>
    </Stack>
  );
};
