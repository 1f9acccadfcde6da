import { adminConsoleRoutes } from './admin/admin-console.routes.js';
import { adminLogRoutes } from './admin/admin-logs.routes.js';
import { adminStationDeleteRoutes } from './admin/admin-station-delete.routes.js';
import { projectionOpsRoutes } from './admin/projection-ops.routes.js';
import { analysisRoutes } from './analysis/analysis.routes.js';
import { dataEventRoutes, discussionRoutes, moderationRoutes, notificationRoutes } from './discussions/discussions.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { bookmarkRoutes } from './bookmarks/bookmarks.routes.js';
import { exportRoutes } from './exports/exports.routes.js';
import { activityRoutes } from './activity/activity.routes.js';
import { CreatedId } from './common/created-id.contract.js';
import { deviceRoutes } from './devices/devices.routes.js';
import { csvImportRoutes } from './ingestion/csv-import.routes.js';
import { ingestionRoutes } from './ingestion/ingestion.routes.js';
import { lorawanRoutes } from './ingestion/lorawan.routes.js';
import { noteRoutes } from './notes/notes.routes.js';
import { projectRoutes } from './projects/projects.routes.js';
import { sensorRoutes } from './sensors/sensors.routes.js';
import { stationRoutes } from './stations/stations.routes.js';
import { statusRoutes } from './status/status.routes.js';
import { userRoutes } from './users/users.routes.js';

export { CreatedId };

/** Every call of the API: each feature keeps its calls in its own `*.routes.ts`. */
export const routes = {
  ...projectRoutes,
  ...stationRoutes,
  ...noteRoutes,
  ...activityRoutes,
  ...sensorRoutes,
  ...ingestionRoutes,
  ...csvImportRoutes,
  ...lorawanRoutes,
  ...deviceRoutes,
  ...bookmarkRoutes,
  ...exportRoutes,
  ...analysisRoutes,
  ...adminConsoleRoutes,
  ...adminLogRoutes,
  ...adminStationDeleteRoutes,
  ...projectionOpsRoutes,
  ...discussionRoutes,
  ...dataEventRoutes,
  ...notificationRoutes,
  ...moderationRoutes,
  ...auditRoutes,
  ...userRoutes,
  ...statusRoutes,
} as const;
