import type { AdminLogRow } from '@groundtruth/contracts';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DateField,
  DateTimeInput,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
const kinds = ['ingestion', 'conflict', 'error', 'other'] as const;

const useFilters = () => {
  const translate = useTranslate();
  const levelChoices = levels.map((id) => ({ id, name: translate(`console.logs.levels.${id}`) }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="level" source="level" choices={levelChoices} alwaysOn />,
    <SelectInput
      key="kind"
      source="kind"
      choices={kinds.map((id) => ({ id, name: translate(`console.logs.kinds.${id}`) }))}
      alwaysOn
    />,
    <TextInput key="requestId" source="requestId" />,
    <NumberInput key="stationId" source="stationId" />,
    <NumberInput key="userId" source="userId" />,
    <DateTimeInput key="from" source="from" parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />,
    <DateTimeInput key="to" source="to" parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />,
  ];
};

const LevelField = () => {
  const row = useRecordContext<AdminLogRow>();
  const translate = useTranslate();
  if (!row) return null;
  const colour = row.level === 'error' || row.level === 'fatal' ? 'error' : row.level === 'warn' ? 'warning' : 'default';
  return <Chip size="small" color={colour} label={translate(`console.logs.levels.${row.level}`)} />;
};

/** The product's log lines of the last 10 days (spec §2 Admin main: server logs), newest first. */
export const LogList = () => {
  const filters = useFilters();
  return (
    <List filters={filters} perPage={50} sort={{ field: 'time', order: 'DESC' }} empty={false}>
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="time" field={DateField} render={(r: AdminLogRow) => new Date(r.time).toLocaleString()} />
        <DataTable.Col source="level" render={() => <LevelField />} />
        <DataTable.Col source="kind" disableSort render={(r: AdminLogRow) => <KindText kind={r.kind} />} />
        <DataTable.Col source="message" disableSort />
        <DataTable.Col source="stationId" disableSort />
        <DataTable.Col source="userId" disableSort />
        <DataTable.Col source="requestId" disableSort />
      </DataTable>
    </List>
  );
};

const KindText = ({ kind }: { readonly kind: AdminLogRow['kind'] }) => {
  const translate = useTranslate();
  return <>{translate(`console.logs.kinds.${kind}`)}</>;
};

const RawJson = () => {
  const row = useRecordContext<AdminLogRow>();
  const translate = useTranslate();
  if (!row) return null;
  return (
    <Box component="section" aria-labelledby="log-raw-title">
      <Typography id="log-raw-title" variant="subtitle2" component="h2">
        {translate('console.logs.raw')}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {JSON.stringify(row.fields, null, 2)}
      </Box>
    </Box>
  );
};

/** One line: its fields, then the raw JSON as the logger wrote it. */
export const LogShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="time" />
      <LevelField />
      <TextField source="message" />
      <TextField source="process" emptyText="--" />
      <TextField source="requestId" emptyText="--" />
      <TextField source="stationId" emptyText="--" />
      <TextField source="userId" emptyText="--" />
      <RawJson />
    </SimpleShowLayout>
  </Show>
);

export const logs = { list: LogList, show: LogShow, icon: ReceiptLongIcon } as const;
