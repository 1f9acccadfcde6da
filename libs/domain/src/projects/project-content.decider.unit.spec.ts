import { specFor, testMetadata } from '../testing/index.js';
import type { ProjectEvent } from './project.events.js';
import { projectDecider } from './project.decider.js';
import { projectCreated } from './project.test-fixtures.js';

const sut = specFor(projectDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const created = projectCreated();
const deleted: ProjectEvent = { type: 'ProjectDeleted', data: { projectId: 12, deletedAt: '2026-04-02T00:00:00.000Z' } };
const posted: ProjectEvent = {
  type: 'ProjectUpdatePosted',
  data: { projectId: 12, updateId: 3, authorId: 7, body: 'First samples in', postedAt: '2026-04-03T00:00:00.000Z' },
};
const stationAdded: ProjectEvent = {
  type: 'ProjectStationAdded',
  data: { projectId: 12, stationId: 40, addedAt: '2026-04-03T00:00:00.000Z' },
};
const followed: ProjectEvent = {
  type: 'ProjectFollowed',
  data: { projectId: 12, userId: 9, followedAt: '2026-04-03T00:00:00.000Z' },
};

describe('project decider: deletion and photo', () => {
  it('deletes a project', () => {
    sut
      .given([created])
      .when({ type: 'DeleteProject', data: { projectId: 12 } }, meta)
      .then([{ type: 'ProjectDeleted', data: { projectId: 12, deletedAt: meta.now } }]);
  });

  it.each([
    ['deleted twice', { type: 'DeleteProject', data: { projectId: 12 } }],
    ['updated', { type: 'UpdateProject', data: { projectId: 12, changes: { name: 'x' } } }],
    ['followed', { type: 'FollowProject', data: { projectId: 12, userId: 9 } }],
    ['given a station', { type: 'AddProjectStation', data: { projectId: 12, stationId: 1 } }],
  ] as const)('answers 404 when a deleted project is %s', (_case, command) => {
    sut.given([created, deleted]).when(command, meta).thenThrows({ kind: 'not_found', code: 'PROJECT.NOT_FOUND' });
  });

  it('answers 404 for a project that never existed', () => {
    sut
      .given([])
      .when({ type: 'DeleteProject', data: { projectId: 12 } }, meta)
      .thenThrows({ kind: 'not_found' });
  });

  it('records a new photo, and nothing when it is the same one', () => {
    const photo = 'projects/12/0b8e8a4e-1f7b-4df4-9a9c-6d3c1c7f0a11.jpg';
    sut
      .given([created])
      .when({ type: 'ChangeProjectPhoto', data: { projectId: 12, photo } }, meta)
      .then([{ type: 'ProjectPhotoChanged', data: { projectId: 12, photo, changedAt: meta.now } }]);
    sut
      .given([created, { type: 'ProjectPhotoChanged', data: { projectId: 12, photo, changedAt: meta.now } }])
      .when({ type: 'ChangeProjectPhoto', data: { projectId: 12, photo } }, meta)
      .then([]);
  });
});

describe('project decider: follows', () => {
  it('follows once; following again decides nothing', () => {
    sut
      .given([created])
      .when({ type: 'FollowProject', data: { projectId: 12, userId: 9 } }, meta)
      .then([followed].map((e) => ({ ...e, data: { ...e.data, followedAt: meta.now } })) as ProjectEvent[]);
    sut
      .given([created, followed])
      .when({ type: 'FollowProject', data: { projectId: 12, userId: 9 } }, meta)
      .then([]);
  });

  it('unfollows a follower; unfollowing when not following decides nothing', () => {
    sut
      .given([created, followed])
      .when({ type: 'UnfollowProject', data: { projectId: 12, userId: 9 } }, meta)
      .then([{ type: 'ProjectUnfollowed', data: { projectId: 12, userId: 9, unfollowedAt: meta.now } }]);
    sut
      .given([created])
      .when({ type: 'UnfollowProject', data: { projectId: 12, userId: 9 } }, meta)
      .then([]);
  });
});

describe('project decider: project updates', () => {
  it('posts an update with its text trimmed', () => {
    sut
      .given([created])
      .when({ type: 'PostProjectUpdate', data: { projectId: 12, updateId: 3, authorId: 7, body: '  First samples in \n' } }, meta)
      .then([{ ...posted, data: { ...posted.data, postedAt: meta.now } } as ProjectEvent]);
  });

  it.each([
    ['empty', '   ', 'This field is required.'],
    ['too long', 'x'.repeat(10_001), 'An update has a limit of 10,000 characters'],
  ])('refuses an %s body with a field error', (_case, body, message) => {
    sut
      .given([created])
      .when({ type: 'PostProjectUpdate', data: { projectId: 12, updateId: 3, authorId: 7, body } }, meta)
      .thenThrows({ kind: 'validation', code: 'PROJECT_UPDATE.INVALID', fieldErrors: { body: message } });
  });

  it('edits an update, and decides nothing when the text is the same', () => {
    sut
      .given([created, posted])
      .when({ type: 'EditProjectUpdate', data: { projectId: 12, updateId: 3, body: 'Corrected' } }, meta)
      .then([{ type: 'ProjectUpdateEdited', data: { projectId: 12, updateId: 3, body: 'Corrected', editedAt: meta.now } }]);
    sut
      .given([created, posted])
      .when({ type: 'EditProjectUpdate', data: { projectId: 12, updateId: 3, body: ' First samples in ' } }, meta)
      .then([]);
  });

  it('refuses an empty edit', () => {
    sut
      .given([created, posted])
      .when({ type: 'EditProjectUpdate', data: { projectId: 12, updateId: 3, body: '' } }, meta)
      .thenThrows({ kind: 'validation', fieldErrors: { body: 'This field is required.' } });
  });

  it('deletes an update; a deleted or unknown update is a 404', () => {
    const gone: ProjectEvent = { type: 'ProjectUpdateDeleted', data: { projectId: 12, updateId: 3, deletedAt: meta.now } };
    sut
      .given([created, posted])
      .when({ type: 'DeleteProjectUpdate', data: { projectId: 12, updateId: 3 } }, meta)
      .then([gone]);
    sut
      .given([created, posted, gone])
      .when({ type: 'EditProjectUpdate', data: { projectId: 12, updateId: 3, body: 'again' } }, meta)
      .thenThrows({ kind: 'not_found', code: 'PROJECT_UPDATE.NOT_FOUND' });
    sut
      .given([created])
      .when({ type: 'DeleteProjectUpdate', data: { projectId: 12, updateId: 99 } }, meta)
      .thenThrows({ kind: 'not_found', code: 'PROJECT_UPDATE.NOT_FOUND' });
  });

  it('refuses to post the same update id twice', () => {
    sut
      .given([created, posted])
      .when({ type: 'PostProjectUpdate', data: { projectId: 12, updateId: 3, authorId: 7, body: 'again' } }, meta)
      .thenThrows({ kind: 'conflict' });
  });
});

describe('project decider: stations', () => {
  it('adds a station, and adding it again decides nothing', () => {
    sut
      .given([created])
      .when({ type: 'AddProjectStation', data: { projectId: 12, stationId: 40 } }, meta)
      .then([{ type: 'ProjectStationAdded', data: { projectId: 12, stationId: 40, addedAt: meta.now } }]);
    sut
      .given([created, stationAdded])
      .when({ type: 'AddProjectStation', data: { projectId: 12, stationId: 40 } }, meta)
      .then([]);
  });

  it('removes a station it holds; one it does not hold is a 404', () => {
    sut
      .given([created, stationAdded])
      .when({ type: 'RemoveProjectStation', data: { projectId: 12, stationId: 40 } }, meta)
      .then([{ type: 'ProjectStationRemoved', data: { projectId: 12, stationId: 40, removedAt: meta.now } }]);
    sut
      .given([created])
      .when({ type: 'RemoveProjectStation', data: { projectId: 12, stationId: 40 } }, meta)
      .thenThrows({ kind: 'not_found', code: 'PROJECT.STATION_NOT_IN_PROJECT' });
  });
});
