import { adminConsoleRoutes, type AdminUser, userRoutes } from '@groundtruth/contracts';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  BooleanField,
  Confirm,
  DataTable,
  DateField,
  List,
  SearchInput,
  SelectInput,
  Show,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { paths } from '@/config/paths';
import { callRoute } from '@/lib/call-route';
import { failedOf, type ConsoleDataProvider } from '../api/data-provider';
import { ConfirmPasswordDialog } from '../components/confirm-password-dialog';
import { UserPicker } from '../components/user-picker';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="role"
    source="role"
    choices={[
      { id: 'admin', name: 'resources.users.fields.admin' },
      { id: 'moderator', name: 'resources.users.fields.moderator' },
    ]}
  />,
];

/** Delete many: one server command confirmed with the admin's password, an outcome per account. */
const DeleteUsersButton = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('users');
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {translate('console.users.deleteMany')}
      </Button>
      <ConfirmPasswordDialog
        open={open}
        title={translate('console.users.deleteManyTitle', { count: selectedIds.length })}
        help={translate('console.users.deleteHelp')}
        onClose={() => setOpen(false)}
        onConfirm={async (password) => {
          const result = await dataProvider.deleteUsers(selectedIds as number[], password);
          const failed = failedOf(result);
          setOpen(false);
          notify(
            [
              translate('console.bulkDone', { ok: result.results.length - failed.length, total: result.results.length }),
              ...failed.map((f) => translate('console.bulkFailed', { id: f.id, message: f.message ?? f.code ?? '' })),
            ].join(' '),
            { type: failed.length ? 'warning' : 'info', multiLine: true },
          );
          unselectAll();
          refresh();
        }}
      />
    </>
  );
};

export const UserList = () => (
  <List filters={filters} perPage={50} sort={{ field: 'id', order: 'DESC' }} empty={false}>
    <DataTable bulkActionButtons={<DeleteUsersButton />} rowClick="show">
      <DataTable.Col source="id" />
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      <DataTable.Col source="admin" field={BooleanField} disableSort />
      <DataTable.Col source="moderator" field={BooleanField} disableSort />
      <DataTable.Col source="stations" disableSort />
      <DataTable.Col source="tncDate" field={DateField} disableSort />
      <DataTable.Col source="createdAt" field={DateField} />
    </DataTable>
  </List>
);

/** Site roles as commands: each switch sends PATCH /admin/users/{id}/roles. */
const Roles = ({ user }: { readonly user: AdminUser }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const set = async (role: 'admin' | 'moderator', value: boolean) => {
    try {
      await callRoute(adminConsoleRoutes.adminSetRoles, { params: { id: user.id }, body: { [role]: value } });
      notify('console.users.rolesSaved', { type: 'info' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <FormGroup row aria-label={translate('console.users.roles')}>
      <FormControlLabel
        control={<Switch checked={user.admin} onChange={(e) => void set('admin', e.target.checked)} />}
        label={translate('console.users.grantAdmin')}
      />
      <FormControlLabel
        control={<Switch checked={user.moderator} onChange={(e) => void set('moderator', e.target.checked)} />}
        label={translate('console.users.grantModerator')}
      />
    </FormGroup>
  );
};

const UserTools = () => {
  const record = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleting, setDeleting] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [to, setTo] = useState<{ id: number; name: string } | null>(null);
  const [confirmTransfer, setConfirmTransfer] = useState(false);
  if (!record) return null;
  // react-admin shows the list's row first (without projects and stations) while the detail loads.
  const user = { ...record, projects: record.projects ?? [], ownedStations: record.ownedStations ?? [] };
  return (
    <Stack spacing={2}>
      <section aria-labelledby="roles-title">
        <Typography id="roles-title" variant="h6" component="h2">
          {translate('console.users.roles')}
        </Typography>
        <Roles user={user} />
      </section>
      <section aria-labelledby="projects-title">
        <Typography id="projects-title" variant="h6" component="h2">
          {translate('console.users.projects')}
        </Typography>
        {user.projects.length === 0 ? <Typography>{translate('console.users.noProjects')}</Typography> : null}
        <ul>
          {user.projects.map((p) => (
            <li key={p.id}>
              <Link href={paths.viewProject.getHref(p.id)}>{p.name}</Link> ({p.role})
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="stations-title">
        <Typography id="stations-title" variant="h6" component="h2">
          {translate('console.users.ownedStations')}
        </Typography>
        {user.ownedStations.length === 0 ? <Typography>{translate('console.users.noStations')}</Typography> : null}
        <ul>
          {user.ownedStations.map((s) => (
            <li key={s.id}>
              <Link href={`/admin/stations?filter=${encodeURIComponent(JSON.stringify({ q: s.name }))}`}>{s.name}</Link>
            </li>
          ))}
        </ul>
        {user.ownedStations.length > 0 ? (
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center' }}
            aria-label={translate('console.users.transfer')}
            role="group"
          >
            <UserPicker onPick={setTo} excludeId={user.id} />
            <Button variant="outlined" disabled={!to} onClick={() => setConfirmTransfer(true)}>
              {translate('console.stations.transferTo')}
            </Button>
          </Stack>
        ) : null}
      </section>
      <Box>
        <Stack direction="row" spacing={2}>
          <Button color="warning" variant="outlined" onClick={() => setClearing(true)}>
            {translate('console.users.clearTerms')}
          </Button>
          <Button color="error" variant="contained" onClick={() => setDeleting(true)}>
            {translate('console.users.deleteUser')}
          </Button>
        </Stack>
      </Box>
      <Confirm
        isOpen={confirmTransfer}
        title="console.users.transfer"
        content="console.users.transferHelp"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setConfirmTransfer(false)}
        onConfirm={async () => {
          setConfirmTransfer(false);
          if (!to) return;
          const result = await callRoute(adminConsoleRoutes.adminTransferUserStations, {
            params: { id: user.id },
            body: { toUserId: to.id },
          });
          const failed = failedOf(result);
          notify(failed.length ? failed.map((f) => `${f.id}: ${f.message}`).join(' ') : 'console.users.transferred', {
            type: failed.length ? 'warning' : 'info',
          });
          refresh();
        }}
      />
      <Confirm
        isOpen={clearing}
        title="console.users.clearTerms"
        content="console.confirmIrreversible"
        confirm="console.yes"
        cancel="console.no"
        onClose={() => setClearing(false)}
        onConfirm={async () => {
          setClearing(false);
          try {
            await callRoute(userRoutes.adminClearTerms, { body: { email: user.email ?? '' } });
            notify('console.users.termsCleared', { type: 'info' });
            refresh();
          } catch (e) {
            notify(translate('console.users.termsFailed', { message: (e as Error).message }), { type: 'error' });
          }
        }}
      />
      <ConfirmPasswordDialog
        open={deleting}
        title={`${translate('console.users.deleteUser')}: ${user.name}`}
        help={translate('console.users.deleteHelp')}
        onClose={() => setDeleting(false)}
        onConfirm={async (password) => {
          await callRoute(userRoutes.adminDeleteUser, { body: { email: user.email ?? '', password } });
          setDeleting(false);
          notify('console.users.deleted', { type: 'info' });
          window.history.back();
        }}
      />
    </Stack>
  );
};

export const UserShow = () => (
  <Show actions={<TopToolbar />}>
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <UserHeading />
          <UserTools />
        </Stack>
      </CardContent>
    </Card>
  </Show>
);

const UserHeading = () => {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <>
      <Typography variant="h5" component="h1">
        {user.name}
      </Typography>
      <Typography color="text.secondary">
        {user.email} · #{user.id}
      </Typography>
    </>
  );
};

export const users = { list: UserList, show: UserShow, icon: PeopleIcon, recordRepresentation: 'name' } as const;
