import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMarkSeen } from '../api/notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { notificationHref } from '../utils/notification-link';
import { NotificationTime, useNotificationText } from './notification-text';

/** How many unread notifications the header's list shows; the page has them all. */
const SHOWN = 8;

/**
 * The header's notifications (spec §2 Notifications, §4): a badge with the unread count, kept live by
 * the socket, and a list of the newest with "view all" and "dismiss all". A click marks the
 * notification seen and goes to the comment.
 */
export const NotificationBadge = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { unread } = useLiveNotifications();
  const seen = useMarkSeen();
  const textOf = useNotificationText();
  const count = unread.data?.unread ?? 0;
  const list = unread.data?.notifications ?? [];
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          aria-label={t('notifications.badgeLabel', { count })}
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-badge"
          data-unread={count}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' } }, list: { 'aria-label': t('notifications.title') } }}
      >
        {unread.isPending && <MenuItem disabled>{t('notifications.loading')}</MenuItem>}
        {unread.isError && <MenuItem disabled>{t('notifications.loadFailed')}</MenuItem>}
        {unread.isSuccess && list.length === 0 && <MenuItem disabled>{t('notifications.none')}</MenuItem>}
        {list.slice(0, SHOWN).map((n) => (
          <MenuItem
            key={n.notificationId}
            data-testid="notification-item"
            onClick={() => {
              close();
              seen.mutate([n.notificationId]);
              const href = notificationHref(n);
              if (href) void navigate(href);
            }}
          >
            <ListItemText
              primary={textOf(n)}
              secondary={<NotificationTime at={n.createdAt} />}
              slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <Stack direction="row" sx={{ px: 1, justifyContent: 'space-between', alignItems: 'center' }}>
          <Button component={RouterLink} to={paths.notifications.getHref()} onClick={close} size="small">
            {t('notifications.viewAll')}
          </Button>
          {list.length > SHOWN && (
            <Typography variant="caption" color="text.secondary">
              {t('notifications.more', { count: list.length - SHOWN })}
            </Typography>
          )}
          <Button size="small" disabled={count === 0 || seen.isPending} onClick={() => seen.mutate([])}>
            {t('notifications.dismissAll')}
          </Button>
        </Stack>
      </Menu>
    </>
  );
};
