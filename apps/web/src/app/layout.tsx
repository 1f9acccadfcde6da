import FolderIcon from '@mui/icons-material/Folder';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import Typography from '@mui/material/Typography';
import SensorsIcon from '@mui/icons-material/Sensors';
import { lazy, Suspense } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { AccountMenu } from '@/features/account/components/account-menu';
import { ProjectsNavList } from '@/features/projects/components/projects-nav-list';
import { AppShell } from '@/features/shell/components/app-shell';
import { StationsNavList } from '@/features/shell/components/stations-nav-list';
import { SupportChat } from '@/features/shell/components/support-chat';
import type { SidebarSection } from '@/features/shell/components/sidebar';

// The live notifications (and their socket client) load only for the signed-in, after the page.
const NotificationBadge = lazy(async () => ({
  default: (await import('@/features/notifications/components/notification-badge')).NotificationBadge,
}));

/** What a route may tell the layout, through its `handle`. */
export type RouteHandle = {
  /** Spec §2 Layout: the sidebar is forced narrow on the root and big-map routes. */
  readonly narrowSidebar?: boolean;
};

const wantsNarrowSidebar = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && (handle as RouteHandle).narrowSidebar === true;

/** Composes the shell with what the features put in the sidebar (features do not import each other). */
export const AppLayout = () => {
  const { t } = useTranslation();
  const forceNarrow = useMatches().some((match) => wantsNarrowSidebar(match.handle));
  const { status } = useSession();

  const sections: SidebarSection[] = [
    {
      id: 'projects',
      title: t('sidebar.projects'),
      icon: <FolderIcon />,
      href: paths.projects.getHref(),
      content: <ProjectsNavList />,
    },
    {
      id: 'stations',
      title: t('sidebar.stations', { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined }),
      icon: <SensorsIcon />,
      href: paths.mapAllStations.getHref(),
      content: <StationsNavList clip />,
    },
    // Bulk analysis is for signed-in people (its page asks for a sign-in otherwise).
    ...(status === 'authenticated'
      ? [
          {
            id: 'analysis',
            title: t('sidebar.analysis'),
            icon: <QueryStatsIcon />,
            href: paths.analysis.getHref(),
            content: (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {t('sidebar.analysisHint')}
              </Typography>
            ),
          },
        ]
      : []),
  ];

  return (
    <AppShell
      sections={sections}
      forceNarrowSidebar={forceNarrow}
      account={
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {status === 'authenticated' && (
            <Suspense fallback={null}>
              <NotificationBadge />
            </Suspense>
          )}
          <AccountMenu />
        </Stack>
      }
    >
      <Outlet />
      <SupportChat />
    </AppShell>
  );
};
