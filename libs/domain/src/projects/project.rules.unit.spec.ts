import { retriedProjectCommands } from './project.commands.js';

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
