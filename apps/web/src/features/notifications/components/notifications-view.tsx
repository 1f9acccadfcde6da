import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingBlock } from '@/components/loading-block';
import { usePageTitle } from '@/hooks/use-page-title';
import { PAGE_SIZE, useMarkSeen, useNotificationPage, type NotificationFilter } from '../api/notifications';
import { notificationHref } from '../utils/notification-link';
import { NotificationTime, useNotificationText } from './notification-text';

const filters: readonly NotificationFilter[] = ['all', 'unread', 'comment', 'reply', 'mention'];
const isFilter = (value: string | null): value is NotificationFilter => filters.includes(value as NotificationFilter);

/** /notifications (spec §2 Notifications): every notification, filtered, paged; dismiss all. */
export const NotificationsView = () => {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const filterParam = search.get('filter');
  const filter: NotificationFilter = isFilter(filterParam) ? filterParam : 'all';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const query = useNotificationPage(filter, page);
  const seen = useMarkSeen();
  const textOf = useNotificationText();
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;
  const go = (next: { filter?: NotificationFilter; page?: number }) =>
    setSearch({ filter: next.filter ?? filter, page: String(next.page ?? 0) }, { replace: true });

  let body;
  if (query.isPending)
    body = (
      <LoadingBlock label={t('notifications.loading')}>
        <Skeleton height={64} />
        <Skeleton height={64} />
      </LoadingBlock>
    );
  else if (query.isError)
    body = (
      <ErrorState message={t('notifications.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  else if (query.data.notifications.length === 0) body = <EmptyState>{t(`notifications.empty.${filter}`)}</EmptyState>;
  else
    body = (
      <List aria-label={t('notifications.title')}>
        {query.data.notifications.map((n) => {
          const href = notificationHref(n);
          return (
            <ListItem key={n.notificationId} disablePadding data-testid="notification-row">
              <ListItemButton
                disabled={href === null}
                onClick={() => {
                  if (!n.seen) seen.mutate([n.notificationId]);
                  if (href) void navigate(href);
                }}
              >
                <ListItemText
                  primary={textOf(n)}
                  secondary={
                    <>
                      <NotificationTime at={n.createdAt} />
                      {n.seen ? '' : ` · ${t('notifications.unreadMark')}`}
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: n.seen ? 400 : 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {t('notifications.title')}
        </Typography>
        <Button variant="outlined" disabled={seen.isPending || (query.data?.unread ?? 0) === 0} onClick={() => seen.mutate([])}>
          {t('notifications.dismissAll')}
        </Button>
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_e, value: NotificationFilter | null) => value && go({ filter: value })}
        aria-label={t('notifications.filter')}
      >
        {filters.map((f) => (
          <ToggleButton key={f} value={f}>
            {t(`notifications.filters.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {seen.isError && <Alert severity="error">{t('notifications.seenFailed')}</Alert>}
      <Paper variant="outlined">{body}</Paper>
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <Button disabled={page === 0} onClick={() => go({ page: page - 1 })}>
            {t('notifications.previous')}
          </Button>
          <Typography variant="body2">{t('notifications.pageOf', { page: page + 1, pages })}</Typography>
          <Button disabled={page + 1 >= pages} onClick={() => go({ page: page + 1 })}>
            {t('notifications.next')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
