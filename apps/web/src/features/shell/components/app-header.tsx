import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { LanguageSelect } from './language-select';
import { Logo } from '@/components/logo';
import { visuallyHidden } from '@/components/visually-hidden';

type AppHeaderProps = {
  readonly sidebarExpanded: boolean;
  readonly sidebarId: string;
  readonly onToggleSidebar: () => void;
  /** The account area: the log-in link, or the user's menu. */
  readonly account?: ReactNode;
  /**
   * The unseen-notification badge and its list (spec §2 Layout: account hover with the badge, view all,
   * dismiss all). The notifications issue plugs its component in here; until then nothing is shown.
   */
  readonly notifications?: ReactNode;
};

/**
 * Logo (to the home route), language selector, admin link for site admins (also in the account menu on
 * phones), notifications and account area (spec §2 Layout); a thin bar shows while anything loads.
 */
export const AppHeader = ({ sidebarExpanded, sidebarId, onToggleSidebar, account, notifications }: AppHeaderProps) => {
  const { t } = useTranslation();
  const busy = useIsFetching() > 0;
  const session = useSession();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={(theme) => ({
        zIndex: theme.zIndex.drawer + 1,
        borderBottom: `1px solid ${theme.palette.divider}`,
        // The partner's second colour as a thin band across the top.
        borderTop: `3px solid ${partner.colours.secondary}`,
      })}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          aria-label={t('shell.menu')}
          aria-expanded={sidebarExpanded}
          aria-controls={sidebarId}
          onClick={onToggleSidebar}
        >
          {sidebarExpanded ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.root.getHref()}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          <Logo />
          {/* On phones the mark alone stands for the product (the name stays for screen readers). */}
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={(theme) => ({ fontWeight: 700, letterSpacing: '0.01em', [theme.breakpoints.down('sm')]: visuallyHidden })}
          >
            {partner.productName}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSelect />
        {session.isAdmin ? (
          <Button
            component={RouterLink}
            to={paths.adminMain.getHref()}
            startIcon={<AdminPanelSettingsIcon />}
            sx={{ display: { xs: 'none', md: 'inline-flex' }, flexShrink: 0 }}
          >
            {t('shell.admin')}
          </Button>
        ) : null}
        {notifications}
        {account}
      </Toolbar>
      {busy ? (
        <LinearProgress aria-label={t('app.busy')} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />
      ) : null}
    </AppBar>
  );
};
