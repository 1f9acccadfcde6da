import { Controller } from '@nestjs/common';
import { authorize, can, DomainError, projectMessages, type Actor, type InviteProof } from '@groundtruth/domain';
import {
  routes,
  type ChangeRoleBody,
  type DeclineInviteBody,
  type InviteBody,
  type OptionalInviteTokenQuery,
  type ProjectInvitation,
  type RemoveMemberBody,
} from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { requestLocale } from '../accounts/index.js';
import { AnswerProjectInviteCommand } from './commands/answer-invite/answer-invite.command.js';
import { ChangeProjectMemberRoleCommand } from './commands/change-member-role/change-member-role.command.js';
import { inviteTokenHash } from './commands/invite-member/invite-member.handler.js';
import { InviteProjectMemberCommand } from './commands/invite-member/invite-member.command.js';
import { RemoveProjectMemberCommand } from './commands/remove-member/remove-member.command.js';
import { ProjectTeamQueries, type PendingInvite } from './queries/project-team.queries.js';
import { ProjectsQueries, roleName } from './queries/projects.queries.js';

const inviteNotFound = () => new DomainError('not_found', 'PROJECT.INVITE_NOT_FOUND', projectMessages.inviteNotFound);
const roleOf = (role: 0 | 1) => (role === 1 ? 'administrator' : 'member');

/**
 * The team of a project (spec §2 Team manager, §4 Project invitation and Team member). People are
 * named by e-mail; an invitation may go to an address with no account yet, and waits until someone
 * signs in with its link, or validates that address and answers it from the pending list.
 */
@Controller()
export class ProjectTeamController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly projects: ProjectsQueries,
    private readonly team: ProjectTeamQueries,
  ) {}

  /** The team as an administrator sees it (what every team change answers). */
  private async teamOf(projectId: number) {
    const [users, version] = await Promise.all([this.team.users(projectId, true), this.team.version(projectId)]);
    return { users, version: version ?? 0 };
  }

  private async administered(actor: Actor, projectId: number): Promise<number> {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.manageMembers', access);
    return userIdOf(actor);
  }

  /** Invitations with their projects, which the invitee may see even when private. */
  private async invitations(invites: readonly PendingInvite[], actor: Actor): Promise<ProjectInvitation[]> {
    const projects = await this.projects.listByIds([...new Set(invites.map((i) => i.projectId))], actor);
    return invites.flatMap((i) => {
      const project = projects.find((p) => p.id === i.projectId);
      return project ? [{ id: i.id, projectId: i.projectId, role: roleName(i.role), invitedAt: i.invitedAt, project }] : [];
    });
  }

  private async answer(actor: Actor, invite: PendingInvite, proof: InviteProof, answer: 'accept' | 'decline') {
    const userId = userIdOf(actor);
    await this.commands.execute(
      new AnswerProjectInviteCommand(
        { projectId: invite.projectId, inviteId: invite.id, userId, proof, answer },
        commandMetadata(userId),
      ),
    );
  }

  @ApiRoute(routes.projectUsers)
  async users(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const { project, access } = await this.projects.readable(id, actor);
    return { users: await this.team.users(id, can(actor, 'project.manageMembers', access)), version: project.teamVersion };
  }

  @ApiRoute(routes.inviteProjectMember)
  async invite(
    @CurrentActor() actor: Actor,
    @Input('params') { projectId }: { projectId: number },
    @Input('body') body: InviteBody,
  ) {
    const userId = await this.administered(actor, projectId);
    await this.commands.execute(
      new InviteProjectMemberCommand(
        { projectId, email: body.email, role: roleOf(body.role), locale: requestLocale() },
        commandMetadata(userId),
      ),
    );
    return this.teamOf(projectId);
  }

  @ApiRoute(routes.changeProjectRole)
  async changeRole(
    @CurrentActor() actor: Actor,
    @Input('params') { projectId }: { projectId: number },
    @Input('body') body: ChangeRoleBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    const userId = await this.administered(actor, projectId);
    await this.commands.execute(
      new ChangeProjectMemberRoleCommand(
        { projectId, email: body.email, role: roleOf(body.role) },
        version.value,
        commandMetadata(userId),
      ),
      () => this.teamOf(projectId),
    );
    return this.teamOf(projectId);
  }

  @ApiRoute(routes.removeProjectMember)
  async removeMember(
    @CurrentActor() actor: Actor,
    @Input('params') { projectId }: { projectId: number },
    @Input('body') body: RemoveMemberBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    const userId = await this.administered(actor, projectId);
    await this.commands.execute(
      new RemoveProjectMemberCommand({ projectId, email: body.email }, version.value, commandMetadata(userId)),
      () => this.teamOf(projectId),
    );
    return this.teamOf(projectId);
  }

  // Registered before GET /projects/invites/{token}, which would otherwise take 'pending' for a token.
  @ApiRoute(routes.pendingProjectInvites)
  async pending(@CurrentActor() actor: Actor) {
    authorize(actor, 'project.answerInvite', {});
    const pending = await this.invitations(await this.team.pendingFor(userIdOf(actor)), actor);
    const projects = pending.map((i) => i.project).filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
    return { pending, projects };
  }

  @ApiRoute(routes.projectInviteByToken)
  async byToken(@CurrentActor() actor: Actor, @Input('params') { token }: { token: string }) {
    const invite = await this.team.inviteByTokenHash(inviteTokenHash(token));
    const [found] = invite ? await this.invitations([invite], actor) : [];
    if (!found) throw inviteNotFound();
    return found;
  }

  /** The invitation to this project sent to the asker's validated address, and that address. */
  private async pendingIn(actor: Actor, projectId: number): Promise<{ invite: PendingInvite; email: string }> {
    authorize(actor, 'project.answerInvite', {});
    const userId = userIdOf(actor);
    const [invite] = await this.team.pendingFor(userId, projectId);
    const email = await this.team.validatedEmailOf(userId);
    if (!invite || !email) throw inviteNotFound();
    return { invite, email };
  }

  @ApiRoute(routes.acceptPendingInvite)
  async acceptPending(@CurrentActor() actor: Actor, @Input('params') { projectId }: { projectId: number }) {
    const { invite, email } = await this.pendingIn(actor, projectId);
    await this.answer(actor, invite, { email }, 'accept');
    return (await this.projects.getWithAccess(projectId, actor)).project;
  }

  @ApiRoute(routes.rejectPendingInvite)
  async rejectPending(@CurrentActor() actor: Actor, @Input('params') { projectId }: { projectId: number }) {
    const { invite, email } = await this.pendingIn(actor, projectId);
    await this.answer(actor, invite, { email }, 'decline');
  }

  private async byId(actor: Actor, id: number): Promise<PendingInvite> {
    authorize(actor, 'project.answerInvite', {});
    const invite = await this.team.inviteById(id);
    if (!invite) throw inviteNotFound();
    return invite;
  }

  @ApiRoute(routes.acceptInviteByToken)
  async acceptByToken(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') { token }: { token: string },
  ) {
    const invite = await this.byId(actor, id);
    await this.answer(actor, invite, { tokenHash: inviteTokenHash(token) }, 'accept');
    return (await this.projects.getWithAccess(invite.projectId, actor)).project;
  }

  @ApiRoute(routes.rejectInviteByToken)
  async rejectByToken(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') query: OptionalInviteTokenQuery,
    @Input('body') body: DeclineInviteBody,
  ) {
    const token = query.token ?? body.token;
    if (!token) throw DomainError.validation('VALIDATION.FAILED', { token: 'The invitation token is missing.' });
    const invite = await this.byId(actor, id);
    await this.answer(actor, invite, { tokenHash: inviteTokenHash(token) }, 'decline');
  }
}
