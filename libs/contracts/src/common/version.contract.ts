import { z } from 'zod';

/**
 * Optimistic concurrency for every edit of something that exists (project, update, station, team,
 * notes, field note, profile): the GET answers a `version` (and the same number as its ETag), and
 * the edit sends it back, as `version` in the body or as `If-Match: "<version>"`. An edit whose
 * version is no longer the current one is a 409 `VERSION.STALE` (or the notes' `NOTES.CHANGED`)
 * whose `current` holds what is there now; an edit with no version at all is a 428
 * `VERSION.REQUIRED`, since it cannot be told from one made on an older state.
 */
export const VERSION_REQUIRED = 'VERSION.REQUIRED';

/** What a GET answers: the version to send back with an edit. */
export const Version = z
  .number()
  .int()
  .meta({ description: 'Send back with an edit (as `version`, or as the ETag in If-Match) to refuse overwriting a newer one' });

/** What an edit sends: the version it was made on (or If-Match instead). */
export const ExpectedVersion = z
  .number({ error: 'Must be the version you read.' })
  .int({ error: 'Must be the version you read.' })
  .min(0, { error: 'Must be the version you read.' })
  .optional()
  .meta({
    description:
      'The `version` the edit was made on (or send `If-Match` with the ETag). Required: none is a 428; an older one a 409 with the current state',
  });

/** The errors every versioned edit may answer, for its route contract. */
export const versionErrors = {
  409: 'Someone else saved a newer version meanwhile (`current` holds it): your changes are not saved',
  428: 'No version: send the `version` you read (or If-Match with its ETag)',
} as const;
