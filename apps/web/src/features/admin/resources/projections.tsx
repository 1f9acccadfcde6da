import type { AdminProjectionRow } from '@groundtruth/contracts';
import StorageIcon from '@mui/icons-material/Storage';
import Chip from '@mui/material/Chip';
import { DataTable, DateField, List, NumberField, useRecordContext } from 'react-admin';

const StateField = () => {
  const p = useRecordContext<AdminProjectionRow>();
  if (!p) return null;
  const colour =
    p.state === 'running' ? 'success' : p.state === 'failed' ? 'error' : p.state === 'rebuilding' ? 'info' : 'default';
  return <Chip size="small" color={colour} label={p.state} />;
};

/** Each read model the projector builds: position, lag and state, and the error that stopped one. Read every 5 s. */
export const ProjectionList = () => (
  <List
    perPage={50}
    sort={{ field: 'id', order: 'ASC' }}
    pagination={false}
    queryOptions={{ refetchInterval: 5000 }}
    empty={false}
  >
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" />
      <DataTable.Col source="state" disableSort render={() => <StateField />} />
      <DataTable.Col source="checkpoint" disableSort />
      <DataTable.Col source="lag" field={NumberField} disableSort />
      <DataTable.Col source="lagSeconds" field={NumberField} disableSort />
      <DataTable.Col source="updatedAt" disableSort field={DateField} />
      <DataTable.Col source="error" disableSort />
    </DataTable>
  </List>
);

export const projections = { list: ProjectionList, icon: StorageIcon } as const;
