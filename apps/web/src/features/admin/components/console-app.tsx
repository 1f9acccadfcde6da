import type { ConsolePermissions } from '@groundtruth/contracts';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { PageLoading } from '@/components/page-loading';
import { consoleAuthProvider } from '../api/auth-provider';
import { consoleDataProvider } from '../api/data-provider';
import { useConsoleI18n } from '../i18n/console-i18n';
import { logs } from '../resources/logs';
import { projectionFailures, projections } from '../resources/projections';
import { stations } from '../resources/stations';
import { uploads } from '../resources/uploads';
import { users } from '../resources/users';
import { ConsoleLayout } from './console-layout';
import { HistoryPage } from './history-page';
import { MainDashboard } from './main-dashboard';
import { ModerationPage } from './moderation-page';

/**
 * The operators' console (spec §2 Admin), mounted by the site's router under /admin and loaded only
 * there: react-admin with its simple REST data provider over the admin list calls, its i18next
 * provider in English and Spanish, and an auth provider that asks the server's policy what to show.
 */
export const ConsoleApp = () => {
  const i18nProvider = useConsoleI18n();
  if (!i18nProvider) return <PageLoading />;
  return (
    <Admin
      basename="/admin"
      title="console.title"
      dataProvider={consoleDataProvider}
      authProvider={consoleAuthProvider}
      i18nProvider={i18nProvider}
      dashboard={MainDashboard}
      layout={ConsoleLayout}
      requireAuth
      disableTelemetry
    >
      {(permissions: ConsolePermissions | undefined) => [
        ...(permissions?.admin
          ? [
              <Resource key="users" name="users" {...users} />,
              <Resource key="stations" name="stations" {...stations} />,
              <Resource key="uploads" name="uploads" {...uploads} />,
              <Resource key="projections" name="projections" {...projections} />,
              <Resource key="logs" name="logs" {...logs} />,
              <Resource key="projection-failures" name="projection-failures" {...projectionFailures} />,
              <CustomRoutes key="history">
                <Route path="/history" element={<HistoryPage />} />
                <Route path="/history/:streamId" element={<HistoryPage />} />
              </CustomRoutes>,
            ]
          : []),
        ...(permissions?.moderator
          ? [
              <CustomRoutes key="moderation">
                <Route path="/moderation" element={<ModerationPage />} />
              </CustomRoutes>,
            ]
          : []),
      ]}
    </Admin>
  );
};
