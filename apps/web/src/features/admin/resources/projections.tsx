import { projectionOpsRoutes, type AdminProjectionRow, type ProjectionFailureRow } from '@groundtruth/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import StorageIcon from '@mui/icons-material/Storage';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  BooleanInput,
  Confirm,
  DataTable,
  DateField,
  List,
  NumberField,
  TextInput,
  TopToolbar,
  useCreatePath,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { callRoute } from '@/lib/call-route';

const StateField = () => {
  const p = useRecordContext<AdminProjectionRow>();
  if (!p) return null;
  const colour =
    p.state === 'running' ? 'success' : p.state === 'failed' ? 'error' : p.state === 'rebuilding' ? 'info' : 'default';
  return <Chip size="small" color={colour} label={p.state} />;
};

const rebuildColour = { queued: 'default', running: 'info', swapped: 'success', failed: 'error' } as const;

/** The latest rebuild started from the console: state, events done / total, rate and time left, until the swap. */
const RebuildField = () => {
  const p = useRecordContext<AdminProjectionRow>();
  const translate = useTranslate();
  const r = p?.rebuild;
  if (!p || !r) return null;
  const percent = r.total > 0 ? Math.min(100, (r.done / r.total) * 100) : r.state === 'swapped' ? 100 : 0;
  return (
    <Box sx={{ minWidth: 180 }} data-testid={`rebuild-${p.id}`} data-rebuild-id={r.id}>
      <Chip
        size="small"
        color={rebuildColour[r.state]}
        label={translate(`resources.projections.ops.states.${r.state}`)}
        title={r.error ?? undefined}
      />
      {r.state === 'running' || r.state === 'queued' ? (
        <LinearProgress
          variant={r.state === 'queued' ? 'indeterminate' : 'determinate'}
          value={percent}
          sx={{ my: 0.5 }}
          aria-label={translate('resources.projections.ops.progress', { done: r.done, total: r.total })}
        />
      ) : null}
      <Typography variant="caption" component="div">
        {translate('resources.projections.ops.progress', { done: r.done, total: r.total })}
        {r.eventsPerSecond !== null ? ` · ${translate('resources.projections.ops.rate', { rate: r.eventsPerSecond })}` : ''}
        {r.secondsLeft !== null ? ` · ${translate('resources.projections.ops.eta', { seconds: r.secondsLeft })}` : ''}
      </Typography>
      {r.error ? (
        <Typography variant="caption" color="error" component="div">
          {r.error}
        </Typography>
      ) : null}
    </Box>
  );
};

/** Asks for a rebuild (one projection or `all`) after a confirmation; the list then shows its progress. */
const RebuildButton = ({ name }: { name: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const all = name === 'all';
  return (
    <>
      <Button
        size="small"
        variant={all ? 'outlined' : 'text'}
        onClick={() => setConfirming(true)}
        aria-label={all ? undefined : translate('resources.projections.ops.rebuildOne', { name })}
      >
        {translate(all ? 'resources.projections.ops.rebuildAll' : 'resources.projections.ops.rebuild')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={all ? 'resources.projections.ops.confirmAllTitle' : 'resources.projections.ops.confirmTitle'}
        titleTranslateOptions={{ name }}
        content="resources.projections.ops.confirmContent"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await callRoute(projectionOpsRoutes.adminRebuildProjection, { params: { name } });
            notify('resources.projections.ops.asked', { type: 'info' });
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          }
          refresh();
        }}
      />
    </>
  );
};

const FailuresLink = () => {
  const p = useRecordContext<AdminProjectionRow>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!p || p.openFailures === 0) return null;
  const filter = encodeURIComponent(JSON.stringify({ projection: p.id, open: true }));
  return (
    <Link
      component={RouterLink}
      to={`${createPath({ resource: 'projection-failures', type: 'list' })}?filter=${filter}`}
      color="error"
    >
      {translate('resources.projections.ops.failuresLink', { count: p.openFailures })}
    </Link>
  );
};

/** A rebuild in progress is read every second; otherwise every 5 s. */
const refetchInterval = (query: { state: { data?: { data?: AdminProjectionRow[] } } }) =>
  query.state.data?.data?.some((p) => p.rebuild?.state === 'running' || p.rebuild?.state === 'queued') ? 1000 : 5000;

/** Each read model the projector builds: position, lag, state, the error that stopped one, its failed events and rebuild. */
export const ProjectionList = () => (
  <List
    perPage={50}
    sort={{ field: 'id', order: 'ASC' }}
    pagination={false}
    queryOptions={{ refetchInterval: refetchInterval as never }}
    empty={false}
    actions={
      <TopToolbar>
        <RebuildButton name="all" />
      </TopToolbar>
    }
  >
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" />
      <DataTable.Col source="state" disableSort render={() => <StateField />} />
      <DataTable.Col source="checkpoint" disableSort />
      <DataTable.Col source="lag" field={NumberField} disableSort />
      <DataTable.Col source="lagSeconds" field={NumberField} disableSort />
      <DataTable.Col source="updatedAt" disableSort field={DateField} />
      <DataTable.Col source="error" disableSort />
      <DataTable.Col source="openFailures" disableSort render={() => <FailuresLink />} />
      <DataTable.Col source="rebuild" disableSort render={() => <RebuildField />} />
      <DataTable.Col label="" render={(p: AdminProjectionRow) => <RebuildButton name={p.id} />} />
    </DataTable>
  </List>
);

export const projections = { list: ProjectionList, icon: StorageIcon } as const;

/** Retry (cause fixed) or skip (after a confirmation) one failed event: each a command recorded in the log. */
const AnswerButtons = () => {
  const f = useRecordContext<ProjectionFailureRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  if (!f || f.resolution !== null) return null;
  const send = async (how: 'retry' | 'skip') => {
    try {
      await callRoute(
        how === 'retry' ? projectionOpsRoutes.adminRetryProjectionFailure : projectionOpsRoutes.adminSkipProjectionFailure,
        {
          params: { id: f.id },
        },
      );
      notify(how === 'retry' ? 'resources.projections.ops.retryAsked' : 'resources.projections.ops.skipAsked', { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => void send('retry')}
        aria-label={`${translate('resources.projections.ops.retry')} ${f.id}`}
      >
        {translate('resources.projections.ops.retry')}
      </Button>
      <Button
        size="small"
        color="warning"
        onClick={() => setConfirming(true)}
        aria-label={`${translate('resources.projections.ops.skip')} ${f.id}`}
      >
        {translate('resources.projections.ops.skip')}
      </Button>
      <Confirm
        isOpen={confirming}
        title="resources.projections.ops.skipConfirmTitle"
        content="resources.projections.ops.skipConfirmContent"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send('skip');
        }}
      />
    </Box>
  );
};

const ResolutionField = () => {
  const f = useRecordContext<ProjectionFailureRow>();
  const translate = useTranslate();
  if (!f) return null;
  const key = f.resolution ?? 'open';
  return (
    <Chip
      size="small"
      color={key === 'open' ? 'error' : key === 'retried' ? 'success' : 'warning'}
      label={translate(`resources.projections.ops.resolutions.${key}`)}
    />
  );
};

const failureFilters = [
  <TextInput key="projection" source="projection" alwaysOn />,
  <BooleanInput key="open" source="open" alwaysOn />,
];

/** Events a projection stopped on, with the error; retry or skip each (the list refreshes every 2 s). */
export const ProjectionFailureList = () => (
  <List
    filters={failureFilters}
    perPage={25}
    sort={{ field: 'id', order: 'DESC' }}
    queryOptions={{ refetchInterval: 2000 }}
    empty={false}
  >
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" />
      <DataTable.Col source="projection" disableSort />
      <DataTable.Col source="eventType" disableSort />
      <DataTable.Col source="streamId" disableSort render={(f: ProjectionFailureRow) => `${f.streamId}@${f.revision}`} />
      <DataTable.Col source="error" disableSort />
      <DataTable.Col source="attempts" field={NumberField} disableSort />
      <DataTable.Col source="failedAt" field={DateField} disableSort />
      <DataTable.Col source="resolution" disableSort render={() => <ResolutionField />} />
      <DataTable.Col label="" render={() => <AnswerButtons />} />
    </DataTable>
  </List>
);

export const projectionFailures = { list: ProjectionFailureList, icon: ErrorOutlineIcon } as const;
