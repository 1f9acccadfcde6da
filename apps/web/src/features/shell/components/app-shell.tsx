import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { partner } from '@/config/partner';
import { useSidebar } from '../hooks/use-sidebar';
import { AppHeader } from './app-header';
import { Logo } from '@/components/logo';
import { RAIL_WIDTH, SIDEBAR_WIDTH, SidebarFull, SidebarRail, type SidebarSection } from './sidebar';
import { SkipLink } from './skip-link';

const MAIN_ID = 'main-content';
const SIDEBAR_ID = 'app-sidebar';

type AppShellProps = {
  readonly sections: readonly SidebarSection[];
  /** Routes such as the root ask for a narrow sidebar whatever the width (spec §2 Layout). */
  readonly forceNarrowSidebar?: boolean;
  readonly account?: ReactNode;
  readonly children: ReactNode;
};

/** Header, collapsible sidebar and main area, with a skip link and landmarks. */
export const AppShell = ({ sections, forceNarrowSidebar = false, account, children }: AppShellProps) => {
  const { t } = useTranslation();
  const sidebar = useSidebar(forceNarrowSidebar);
  const { pathname } = useLocation();
  const { closeOverlay } = sidebar;

  // A link followed from the overlay closes it.
  useEffect(() => closeOverlay(), [pathname, closeOverlay]);

  const besideWidth = sidebar.mode === 'wide' && sidebar.expanded ? SIDEBAR_WIDTH : sidebar.mode === 'hidden' ? 0 : RAIL_WIDTH;
  const besideIsFull = sidebar.mode === 'wide' && sidebar.expanded;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <AppHeader sidebarExpanded={sidebar.expanded} sidebarId={SIDEBAR_ID} onToggleSidebar={sidebar.toggle} account={account} />

      {sidebar.mode !== 'hidden' ? (
        <Drawer
          variant="permanent"
          data-testid="sidebar-frame"
          sx={{
            width: besideWidth,
            flexShrink: 0,
            // The frame runs the page's whole height (the row stretches it), so its background and edge
            // do too: the sheet inside is only a screen tall, and a long page (printed, or captured whole)
            // showed the sidebar stopping part-way. The sheet sticks to the top while the page scrolls.
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            '& .MuiDrawer-paper': {
              position: 'sticky',
              top: 0,
              height: '100vh',
              borderRight: 0,
              width: besideWidth,
              boxSizing: 'border-box',
              overflowX: 'hidden',
              transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            },
          }}
        >
          <Toolbar />
          <Box
            component="nav"
            id={sidebar.mode === 'wide' ? SIDEBAR_ID : `${SIDEBAR_ID}-rail`}
            aria-label={t('shell.navigation')}
            sx={{ overflowY: 'auto' }}
          >
            {besideIsFull ? <SidebarFull sections={sections} /> : <SidebarRail sections={sections} onExpand={sidebar.expand} />}
          </Box>
        </Drawer>
      ) : null}

      {sidebar.mode !== 'wide' ? (
        <Drawer
          variant="temporary"
          open={sidebar.overlayOpen}
          onClose={closeOverlay}
          sx={(theme) => ({
            // Over the header: the modal traps focus, so its own close button must be visible.
            zIndex: theme.zIndex.drawer + 2,
            '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' },
          })}
        >
          <Toolbar sx={{ justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Logo size={28} />
              <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {partner.productName}
              </Typography>
            </Stack>
            <IconButton edge="end" aria-label={t('shell.closeMenu')} onClick={closeOverlay}>
              <CloseIcon />
            </IconButton>
          </Toolbar>
          <Box component="nav" id={SIDEBAR_ID} aria-label={t('shell.navigation')} sx={{ overflowY: 'auto' }}>
            <SidebarFull sections={sections} />
          </Box>
        </Drawer>
      ) : null}

      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 3 }, pb: 4, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <Box sx={{ maxWidth: 1280, mx: 'auto', pt: { xs: 2, md: 3 } }}>{children}</Box>
      </Box>
    </Box>
  );
};
