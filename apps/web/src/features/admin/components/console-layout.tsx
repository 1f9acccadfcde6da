import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LocalesMenuButton,
  Menu,
  TitlePortal,
  usePermissions,
  useTranslate,
  type LayoutProps,
} from 'react-admin';
import type { ConsolePermissions } from '@groundtruth/contracts';
import { paths } from '@/config/paths';

const ConsoleAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar
      userMenu={false}
      toolbar={
        <>
          <LocalesMenuButton />
          <Button color="inherit" href={paths.projects.getHref()} startIcon={<ArrowBackIcon aria-hidden />}>
            {translate('console.backToSite')}
          </Button>
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
};

/** The menu shows what the server's policy allows the asker: admins the resources, moderators moderation. */
const ConsoleMenu = () => {
  const { permissions } = usePermissions<ConsolePermissions>();
  const translate = useTranslate();
  return (
    <Menu>
      {permissions?.admin ? (
        <Menu.DashboardItem primaryText={translate('console.menu.main')} leftIcon={<DashboardIcon />} />
      ) : null}
      {permissions?.admin ? <Menu.ResourceItems /> : null}
      {permissions?.admin ? (
        <Menu.Item to="/admin/history" primaryText={translate('console.menu.history')} leftIcon={<HistoryIcon />} />
      ) : null}
      {permissions?.moderator ? (
        <Menu.Item to="/admin/moderation" primaryText={translate('console.menu.moderation')} leftIcon={<GavelIcon />} />
      ) : null}
    </Menu>
  );
};

export const ConsoleLayout = ({ children }: LayoutProps & { children?: ReactNode }) => (
  // Wide tables scroll inside the content instead of sliding over the menu (seen in Spanish, whose
  // labels are the widest, with a station row expanded): checked by test/browser/console-projections.pw.ts.
  <Layout
    appBar={ConsoleAppBar}
    menu={ConsoleMenu}
    sx={{
      // react-admin sizes the whole layout to fit its content (min-width: fit-content): a wide row
      // then widens the page, which scrolls sideways under the fixed menu. The page keeps the window's width.
      minWidth: 0,
      // The docked drawer's root (react-admin puts its `docked` class there; the fixed menu sits inside it).
      '& .RaLayout-contentWithSidebar > .RaSidebar-docked': { flexShrink: 0 },
      '& .RaLayout-content': { minWidth: 0, overflowX: 'auto' },
    }}
  >
    {children}
  </Layout>
);
