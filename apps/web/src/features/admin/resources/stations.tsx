import {
  adminConsoleRoutes,
  adminStationDeleteRoutes,
  type AdminStation,
  type AdminStationRow,
  type AdminUploadRow,
  ingestionRoutes,
} from '@groundtruth/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RouterIcon from '@mui/icons-material/Router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Confirm,
  DataTable,
  DateField,
  List,
  NumberField,
  ReferenceManyField,
  SearchInput,
  TextField,
  useDataProvider,
  useGetOne,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { paths } from '@/config/paths';
import { callRoute } from '@/lib/call-route';
import { ADMIN_STATIONS_PAGE_SIZE } from '@groundtruth/contracts';
import { failedOf, type ConsoleDataProvider } from '../api/data-provider';
import { UserPicker } from '../components/user-picker';
import { ProcessUploadButton, UploadStateField } from './uploads';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The workspace with this station selected (a bookmark naming it), in a new tab. */
const exploreHref = (stationId: number): string => paths.exploreBookmark.getHref({ v: 1, g: [], s: [stationId], p: [], c: null });

/**
 * Spec §2 Admin stations: delete, after the spec's confirmation. One call (DELETE /admin/stations/{id},
 * recorded as StationDeleted with the admin as actor); the list is read again so the row goes.
 */
const DeleteStationButton = ({ variant = 'text' }: { readonly variant?: 'text' | 'outlined' }) => {
  const row = useRecordContext<AdminStationRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!row) return null;
  return (
    <>
      <Button
        color="error"
        variant={variant}
        disabled={busy}
        aria-label={translate('console.stations.deleteTitle', { name: row.name })}
        onClick={(e) => {
          e.stopPropagation();
          setConfirming(true);
        }}
      >
        {translate('console.stations.delete')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={translate('console.stations.deleteTitle', { name: row.name })}
        content="console.stations.deleteConfirm"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          setBusy(true);
          try {
            await callRoute(adminStationDeleteRoutes.adminDeleteStation, { params: { id: row.id } });
            notify('console.stations.deleted', { type: 'info' });
            refresh();
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
};

/** Delete the selected stations: one server command after the confirmation, an outcome per station. */
const DeleteStationsButton = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('stations');
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {translate('console.stations.deleteMany')}
      </Button>
      <Confirm
        isOpen={open}
        title={translate('console.stations.deleteManyTitle', { count: selectedIds.length })}
        content="console.stations.deleteConfirm"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setOpen(false);
          try {
            const result = await dataProvider.deleteStations(selectedIds as number[]);
            const failed = failedOf(result);
            notify(
              [
                translate('console.bulkDone', { ok: result.results.length - failed.length, total: result.results.length }),
                ...failed.map((f) => translate('console.bulkFailed', { id: f.id, message: f.message ?? f.code ?? '' })),
              ].join(' '),
              { type: failed.length ? 'warning' : 'info', multiLine: true },
            );
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          }
          unselectAll();
          refresh();
        }}
      />
    </>
  );
};

/** Spec §2 Admin stations: the expandable row (uploads, data range and samples, Process Data, Explore Data, transfer). */
const StationPanel = () => {
  const row = useRecordContext<AdminStationRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [to, setTo] = useState<{ id: number; name: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [watching, setWatching] = useState(false);
  // While uploads are owed processing the detail is read again every second: the progress shows, and
  // the uploads are read again once it is over.
  const detail = useGetOne<AdminStation>(
    'stations',
    { id: row?.id ?? 0 },
    { enabled: row !== undefined, refetchInterval: watching ? 1000 : false },
  );
  // react-admin shows the list's row first (without the detail's fields) while the detail loads.
  const station = detail.data as (AdminStationRow & Partial<Pick<AdminStation, 'data' | 'processing'>>) | undefined;
  const pending = station?.processing?.pending ?? 0;
  useEffect(() => {
    if (pending > 0) setWatching(true);
    else if (watching && !detail.isFetching) {
      setWatching(false);
      refresh();
    }
  }, [pending, watching, detail.isFetching, refresh]);
  if (!row) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-label={translate('console.stations.expand', { name: row.name })} role="region">
      {detail.isError ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {translate('console.stations.dataRange')}
          </Typography>
          <Typography>
            {station?.data?.start && station.data.end
              ? `${new Date(station.data.start).toLocaleString()} – ${new Date(station.data.end).toLocaleString()}`
              : translate('console.stations.noData')}
          </Typography>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {translate('console.stations.samples')}
          </Typography>
          <Typography>{station?.data ? station.data.samples.toLocaleString() : '…'}</Typography>
        </Box>
      </Stack>
      {pending > 0 ? (
        <Box role="status">
          <Typography>{translate('console.stations.processing', { pending })}</Typography>
          <LinearProgress aria-hidden />
        </Box>
      ) : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          title={translate('console.stations.processDataHelp')}
          onClick={async () => {
            try {
              const answer = await callRoute(ingestionRoutes.processStationIngestions, { params: { id: row.id } });
              notify(translate('console.stations.processStarted', { count: answer.ingestions.length }), { type: 'info' });
              setWatching(true);
              void detail.refetch();
            } catch (e) {
              notify((e as Error).message, { type: 'error' });
            }
          }}
        >
          {translate('console.stations.processData')}
        </Button>
        <Button
          variant="outlined"
          href={exploreHref(row.id)}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon aria-hidden />}
          aria-label={`${translate('console.stations.exploreData')} ${translate('console.stations.opensNewTab')}`}
        >
          {translate('console.stations.exploreData')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={`/admin/history/station-${row.id}`}>
          {translate('console.history.link')}
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/admin/logs?filter=${encodeURIComponent(JSON.stringify({ stationId: row.id }))}&sort=time&order=DESC`}
        >
          {translate('console.stations.logs')}
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center' }}
        role="group"
        aria-label={translate('console.stations.transfer')}
      >
        <UserPicker onPick={setTo} excludeId={row.owner.id} />
        <Button variant="outlined" disabled={!to} onClick={() => setConfirming(true)}>
          {translate('console.stations.transferTo')}
        </Button>
      </Stack>
      <Confirm
        isOpen={confirming}
        title="console.stations.transfer"
        content={`${row.name} → ${to?.name ?? ''}`}
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          if (!to) return;
          try {
            await callRoute(adminConsoleRoutes.transferStation, { params: { id: row.id, newOwner: to.id } });
            notify('console.stations.transferred', { type: 'info' });
            refresh();
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          }
        }}
      />
      <Box>
        <DeleteStationButton variant="outlined" />
      </Box>
      <Typography variant="subtitle2" component="h3">
        {translate('console.stations.uploads')}
      </Typography>
      <ReferenceManyField<AdminStationRow, AdminUploadRow>
        reference="uploads"
        target="stationId"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        queryOptions={{ refetchInterval: pending > 0 || watching ? 1000 : false }}
        empty={<Typography>{translate('console.stations.noUploads')}</Typography>}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="time" field={DateField} />
          <DataTable.Col source="type" />
          <DataTable.Col source="size" field={NumberField} />
          <DataTable.Col source="blocks" render={(u: AdminUploadRow) => `${u.blocks[0]}–${u.blocks[1]}`} />
          <DataTable.Col source="state" render={() => <UploadStateField />} />
          <DataTable.Col
            source="errors"
            render={(u: AdminUploadRow) => (u.errors ? `${u.errors}: ${u.problems.join('; ')}` : '0')}
          />
          <DataTable.Col
            source="url"
            render={(u: AdminUploadRow) => <a href={u.url}>{translate('resources.uploads.fields.url')}</a>}
          />
          <DataTable.Col label="" render={() => <ProcessUploadButton />} />
        </DataTable>
      </ReferenceManyField>
    </Stack>
  );
};

export const StationList = () => (
  <List
    filters={filters}
    perPage={ADMIN_STATIONS_PAGE_SIZE}
    sort={{ field: 'id', order: 'DESC' }}
    empty={false}
    // Eleven columns: the table scrolls sideways in its card rather than pushing over the menu.
    sx={{ '& .RaList-content': { overflowX: 'auto' }, minWidth: 0 }}
  >
    <DataTable expand={<StationPanel />} bulkActionButtons={<DeleteStationsButton />} rowClick="expand">
      <DataTable.Col source="id" />
      <DataTable.Col source="name" />
      <DataTable.Col source="deviceId" field={TextField} disableSort />
      <DataTable.Col source="owner.name" disableSort />
      <DataTable.Col source="recordingStartedAt" field={DateField} disableSort />
      <DataTable.Col source="lastIngestionAt" field={DateField} />
      <DataTable.Col source="createdAt" field={DateField} />
      <DataTable.Col source="updatedAt" field={DateField} />
      <DataTable.Col source="firmware" disableSort />
      <DataTable.Col
        source="location.name"
        disableSort
        render={(s: AdminStationRow) =>
          s.location.latitude !== null && s.location.longitude !== null
            ? `${s.location.name ?? ''} (${s.location.latitude.toFixed(3)}, ${s.location.longitude.toFixed(3)})`
            : (s.location.name ?? '--')
        }
      />
      <DataTable.Col source="uploads" field={NumberField} disableSort />
      <DataTable.Col label="console.stations.delete" render={() => <DeleteStationButton />} />
    </DataTable>
  </List>
);

export const stations = { list: StationList, icon: RouterIcon, recordRepresentation: 'name' } as const;
