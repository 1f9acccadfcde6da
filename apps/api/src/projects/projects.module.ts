import { Module } from '@nestjs/common';
import { StationAccessModule } from '../access/index.js';
import { AnswerProjectInviteHandler } from './commands/answer-invite/answer-invite.handler.js';
import { ChangeProjectMemberRoleHandler } from './commands/change-member-role/change-member-role.handler.js';
import { CreateProjectHandler } from './commands/create-project/create-project.handler.js';
import { DeleteProjectHandler } from './commands/delete-project/delete-project.handler.js';
import { InviteProjectMemberHandler } from './commands/invite-member/invite-member.handler.js';
import { PostProjectUpdateHandler } from './commands/post-update/post-update.handler.js';
import { RemoveProjectMemberHandler } from './commands/remove-member/remove-member.handler.js';
import { UploadProjectPhotoHandler } from './commands/upload-photo/upload-photo.handler.js';
import { WithdrawInvitesHandler } from './commands/withdraw-invites/withdraw-invites.handler.js';
import { ProjectContentController } from './project-content.controller.js';
import { ProjectMails } from './project-mails.js';
import { ProjectTeamController } from './project-team.controller.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectTeamQueries } from './queries/project-team.queries.js';
import { ProjectsQueries } from './queries/projects.queries.js';

const commandHandlers = [
  CreateProjectHandler,
  DeleteProjectHandler,
  UploadProjectPhotoHandler,
  PostProjectUpdateHandler,
  InviteProjectMemberHandler,
  AnswerProjectInviteHandler,
  ChangeProjectMemberRoleHandler,
  RemoveProjectMemberHandler,
  WithdrawInvitesHandler,
];
const queries = [ProjectsQueries, ProjectTeamQueries];

@Module({
  imports: [StationAccessModule],
  // The team controller first: its literal /projects/invites/… paths must not be taken for ids.
  controllers: [ProjectTeamController, ProjectsController, ProjectContentController],
  providers: [...commandHandlers, ...queries, ProjectMails],
  exports: [ProjectsQueries],
})
export class ProjectsModule {}
