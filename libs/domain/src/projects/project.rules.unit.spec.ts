import { retriedProjectCommands } from './project.commands.js';
import { PROJECT_DURATION_END_PADDING_MS, projectDuration } from './project.rules.js';

const day = PROJECT_DURATION_END_PADDING_MS;

describe('projectDuration', () => {
  it('runs from the start to one day after the end (spec §9)', () => {
    expect(projectDuration('2026-05-01T00:00:00.000Z', '2026-05-10T00:00:00.000Z')).toBe(10 * day);
  });

  it('is one day when a project starts and ends at the same time', () => {
    expect(projectDuration('2026-05-01T12:00:00.000Z', '2026-05-01T12:00:00.000Z')).toBe(day);
  });

  it('reads offsets, not local time', () => {
    expect(projectDuration('2026-05-01T00:00:00+02:00', '2026-05-01T00:00:00Z')).toBe(day + 2 * 60 * 60 * 1000);
  });

  it.each([
    [null, '2026-05-10T00:00:00.000Z'],
    ['2026-05-01T00:00:00.000Z', null],
    [null, null],
    ['not a date', '2026-05-10T00:00:00.000Z'],
  ])('is null without both dates (%s, %s)', (start, end) => {
    expect(projectDuration(start, end)).toBeNull();
  });
});

describe('retriedProjectCommands', () => {
  it('decides again only commands without user-visible content; edits stay a conflict', () => {
    for (const edit of [
      'UpdateProject',
      'PostProjectUpdate',
      'EditProjectUpdate',
      'DeleteProjectUpdate',
      'ChangeProjectMemberRole',
      'RemoveProjectMember',
      'InviteProjectMember',
      'DeleteProject',
    ] as const) {
      expect(retriedProjectCommands.has(edit)).toBe(false);
    }
    expect([...retriedProjectCommands].sort()).toEqual([
      'AcceptProjectInvite',
      'AddProjectStation',
      'DeclineProjectInvite',
      'FollowProject',
      'RemoveProjectStation',
      'UnfollowProject',
    ]);
  });
});
