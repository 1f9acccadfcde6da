import type { AdminUploadRow } from '@groundtruth/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  DataTable,
  DateField,
  List,
  NumberField,
  SelectInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { failedOf, type ConsoleDataProvider } from '../api/data-provider';

const stateColour = {
  processed: 'success',
  failed: 'error',
  received: 'default',
  processing: 'info',
  waiting: 'warning',
} as const;

export const UploadStateField = () => {
  const upload = useRecordContext<AdminUploadRow>();
  const translate = useTranslate();
  if (!upload) return null;
  return (
    <Chip
      size="small"
      color={stateColour[upload.state]}
      label={translate(`console.uploads.states.${upload.state}`)}
      title={upload.error ?? undefined}
    />
  );
};

/** Process one or many uploads again: one request and one server command, an outcome per upload. */
const useProcess = () => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return async (ids: readonly number[]) => {
    try {
      const result = await dataProvider.processUploads(ids);
      const failed = failedOf(result);
      notify(
        failed.length
          ? failed.map((f) => translate('console.bulkFailed', { id: f.id, message: f.message ?? f.code ?? '' })).join(' ')
          : 'console.uploads.processedAsked',
        { type: failed.length ? 'warning' : 'info' },
      );
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
};

export const ProcessUploadButton = () => {
  const upload = useRecordContext<AdminUploadRow>();
  const process = useProcess();
  const translate = useTranslate();
  if (!upload) return null;
  return (
    <Button
      size="small"
      onClick={() => void process([upload.id])}
      aria-label={`${translate('console.stations.process')} ${upload.id}`}
    >
      {translate('console.stations.process')}
    </Button>
  );
};

const ProcessSelectedButton = () => {
  const { selectedIds } = useListContext();
  const process = useProcess();
  const unselectAll = useUnselectAll('uploads');
  const translate = useTranslate();
  return (
    <Button
      onClick={async () => {
        await process(selectedIds as number[]);
        unselectAll();
      }}
    >
      {translate('console.uploads.processSelected')}
    </Button>
  );
};

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={['received', 'processing', 'waiting', 'processed', 'failed'].map((id) => ({
      id,
      name: `console.uploads.states.${id}`,
    }))}
  />,
];

export const UploadList = () => (
  <List filters={filters} perPage={25} sort={{ field: 'id', order: 'DESC' }} empty={false}>
    <DataTable bulkActionButtons={<ProcessSelectedButton />} rowClick={false}>
      <DataTable.Col source="id" />
      <DataTable.Col source="stationId" />
      <DataTable.Col source="time" field={DateField} disableSort />
      <DataTable.Col source="type" disableSort />
      <DataTable.Col source="size" field={NumberField} disableSort />
      <DataTable.Col source="state" disableSort render={() => <UploadStateField />} />
      <DataTable.Col source="version" disableSort />
      <DataTable.Col
        source="errors"
        disableSort
        render={(u: AdminUploadRow) => (u.errors ? `${u.errors}: ${u.problems.join('; ')}` : (u.error ?? '0'))}
      />
      <DataTable.Col label="" render={() => <ProcessUploadButton />} />
    </DataTable>
  </List>
);

export const uploads = { list: UploadList, icon: UploadFileIcon } as const;
