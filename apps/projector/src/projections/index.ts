import type { Projection } from '@groundtruth/platform';
import { activityProjection } from './activity/activity.projection.js';
import { discussionsProjection } from './discussions/discussions.projection.js';
import { notificationsProjection } from './notifications/notifications.projection.js';
import { fieldNotesProjection } from './notes/field-notes.projection.js';
import { ingestionsProjection } from './ingestions/ingestions.projection.js';
import { lorawanWebhooksProjection } from './lorawan-webhooks/lorawan-webhooks.projection.js';
import { stationNotesProjection } from './notes/station-notes.projection.js';
import { projectsProjection } from './projects/projects.projection.js';
import { sessionsProjection } from './sessions/sessions.projection.js';
import { stationsProjection } from './stations/stations.projection.js';
import { usersProjection } from './users/users.projection.js';

/** Every Postgres projection the projector runs; `rebuild all` replays each of these. */
export const projections: readonly Projection[] = [
  projectsProjection,
  usersProjection,
  sessionsProjection,
  stationsProjection,
  activityProjection,
  stationNotesProjection,
  fieldNotesProjection,
  ingestionsProjection,
  lorawanWebhooksProjection,
  discussionsProjection,
  notificationsProjection,
];

export {
  activityProjection,
  discussionsProjection,
  notificationsProjection,
  fieldNotesProjection,
  ingestionsProjection,
  lorawanWebhooksProjection,
  stationNotesProjection,
  projectsProjection,
  sessionsProjection,
  stationsProjection,
  usersProjection,
};
