import type { EventStore, SubjectKeyStore } from '../../libs/platform/src/index.js';
import { appendAccountHistory } from './account-events.js';
import { appendDiscussionHistory } from './discussion-events.js';
import { appendIngestionHistory } from './ingestion-events.js';
import { appendLorawanWebhookHistory } from './lorawan-webhook-events.js';
import { appendNoteHistory } from './note-events.js';
import { appendProjectHistory, appendProjectTeamHistory } from './project-events.js';
import { appendStationHistory } from './station-events.js';

/** The discussion history's projects start here, apart from the slices' own projects. */
export const DISCUSSION_PROJECTS_FROM = 5_000_000;

/** How large one slice of `appendMixedHistory` is; the counts of the builders it runs. */
export type MixedSliceSize = { projects: number; teams: number; users: number; stations: number; notes: number };

/**
 * The ids the n-th slice (from 0) uses, so that slices never share a stream: projects, users and
 * stations (of stations and of notes) in separate ranges per slice.
 */
export const mixedSliceIds = (slice: number, size: MixedSliceSize) => ({
  firstProject: 1 + slice * size.projects,
  firstUser: 1 + slice * size.users,
  firstStation: 1 + slice * size.stations,
  // Note ids are taken from `firstId * 100` upwards, about ten per station: keep them apart from the next slice's.
  firstNoteStation: 1_000_000 + slice * Math.max(size.notes, 1) * 2,
});

/**
 * One slice of a history that touches every projection, through the real deciders (see each
 * builder): projects with updates and, for the first `teams` of them, follows, members, invitations
 * and deletions; stations, then accounts with sessions (a fifth deleted, their keys destroyed); station notes, media and field notes; uploads processed (stations 1..4, whose
 * uploads are all processed, so no ingestion processing is owed); LoRaWAN webhooks. The builders
 * run at once, so their events interleave in the log as a live product's do. `store` must seal
 * personal data with `keys` (a `SealingEventStore`), as the product's does.
 */
export const appendMixedHistory = async (
  store: EventStore,
  keys: SubjectKeyStore,
  slice: number,
  size: MixedSliceSize,
): Promise<void> => {
  const ids = mixedSliceIds(slice, size);
  await Promise.all([
    appendProjectHistory(store, { projects: size.projects, updates: 5, firstId: ids.firstProject, concurrency: 4 }).then(() =>
      appendProjectTeamHistory(store, keys, { projects: size.teams, firstId: ids.firstProject }),
    ),
    // Stations are sealed with their owner's key, so they come before any owner is deleted: the first
    // slice's stations belong to its accounts (a fifth deleted, dropping their stations' attributes);
    // later slices' to accounts 1..4 of the first slice, never deleted.
    appendStationHistory(store, {
      stations: size.stations,
      owners: slice === 0 ? size.users : 4,
      firstId: ids.firstStation,
    }).then(() => appendAccountHistory(store, keys, { users: size.users, firstId: ids.firstUser })),
    appendNoteHistory(store, { stations: size.notes, firstId: ids.firstNoteStation }),
    appendIngestionHistory(store, { stations: 4, firstId: 1 + slice }),
    appendLorawanWebhookHistory(store, { projects: 8 }),
    // Projects of their own, far from the slices' project ids; posts, events and requests likewise.
    appendDiscussionHistory(store, {
      projects: 2,
      firstProject: DISCUSSION_PROJECTS_FROM + slice * 2,
      firstPost: 10_000_000 + slice * 1_000,
    }),
  ]);
};
