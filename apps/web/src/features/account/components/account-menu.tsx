import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { UserAvatar } from '@/components/user-avatar';

const SIGN_IN_SCREENS = [paths.login.path, paths.register.path, paths.recover.path, paths.spoof.path];

/** The header's account area (spec §2 Layout): a log-in link, or the user's photo opening their menu. */
export const AccountMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  if (session.status === 'anonymous') {
    const onSignInScreen = SIGN_IN_SCREENS.some((path) => location.pathname === path || location.pathname.startsWith(`${path}/`));
    const after = onSignInScreen ? undefined : `${location.pathname}${location.search}`;
    return (
      <Button component={RouterLink} to={paths.login.getHref({ after })} variant="outlined" sx={{ flexShrink: 0 }}>
        {t('accountMenu.logIn')}
      </Button>
    );
  }
  if (session.status === 'loading') {
    return <Skeleton variant="circular" width={40} height={40} aria-hidden />;
  }

  const user = session.user;
  const label = user ? t('accountMenu.openFor', { name: user.name }) : t('accountMenu.open');
  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={32} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to={paths.editUser.getHref()} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.myAccount')}</ListItemText>
        </MenuItem>
        {session.isAdmin ? (
          <MenuItem component={RouterLink} to={paths.adminMain.getHref()} onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('accountMenu.admin')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            close();
            void session.logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.logOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
