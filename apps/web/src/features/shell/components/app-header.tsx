import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
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
import { LanguageSelect } from './language-select';
import { Logo } from '@/components/logo';

type AppHeaderProps = {
  readonly sidebarExpanded: boolean;
  readonly sidebarId: string;
  readonly onToggleSidebar: () => void;
  /** The account area; empty until accounts exist. */
  readonly account?: ReactNode;
};

/** Logo, language selector and account area (spec §2 Layout); a thin bar shows while anything loads. */
export const AppHeader = ({ sidebarExpanded, sidebarId, onToggleSidebar, account }: AppHeaderProps) => {
  const { t } = useTranslation();
  const busy = useIsFetching() > 0;
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1, borderBottom: `1px solid ${theme.palette.divider}` })}
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
          to={paths.projects.getHref()}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          <Logo />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: '0.01em' }}>
            {partner.productName}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSelect />
        {account}
      </Toolbar>
      {busy ? (
        <LinearProgress aria-label={t('app.busy')} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />
      ) : null}
    </AppBar>
  );
};
