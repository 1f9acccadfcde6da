import { Controller, Res } from '@nestjs/common';
import { authorize, can, DomainError, userMessages, type Action, type Actor } from '@groundtruth/domain';
import {
  routes,
  type AdminUser,
  type AdminUserRow,
  type AdminUsersQuery,
  type BulkDeleteUsersBody,
  type BulkResult,
  type ConsolePermissions,
  type SetRolesBody,
} from '@groundtruth/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor, userIdOf } from './current-actor.decorator.js';
import { Authenticator } from './sessions/authenticator.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { containsPattern, listAnswer, orderBy } from '../common/http/list-answer.js';
import { idArray, ReadModels } from '../read-models/read-models.js';
import { DeleteAccountCommand } from './commands/delete-account/delete-account.command.js';
import { SetRolesCommand } from './commands/set-roles/set-roles.command.js';

type Query = z.output<typeof AdminUsersQuery>;
type Row = {
  id: string;
  name: string;
  email: string | null;
  admin: boolean;
  moderator: boolean;
  tnc_date: Date | null;
  created_at: Date;
  stations: number;
};

const sortColumns = { id: 'u.id', name: 'lower(u.name)', email: 'u.email', createdAt: 'u.created_at' } as const;
const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());
const toRow = (r: Row): AdminUserRow => ({
  id: Number(r.id),
  name: r.name,
  email: r.email,
  admin: r.admin,
  moderator: r.moderator,
  tncDate: iso(r.tnc_date),
  createdAt: iso(r.created_at)!,
  stations: r.stations,
});
const SELECT = `SELECT u.id, u.name, u.email, u.admin, u.moderator, u.tnc_date, u.created_at,
    (SELECT count(*)::int FROM stations s WHERE s.owner_id = u.id) AS stations
  FROM users u`;

/** The console's actions a client may be shown; the server checks each call itself whatever it shows. */
const consoleActions = [
  'console.open',
  'admin.listUsers',
  'admin.setRoles',
  'admin.deleteUser',
  'admin.clearTerms',
  'admin.listStations',
  'admin.transferStation',
  'admin.listUploads',
  'admin.reprocess',
  'admin.projections',
  'admin.logs',
  'admin.deleteStation',
  'admin.backup',
  'moderation.review',
] as const satisfies readonly Action[];

/** The console's users (spec §2 Admin users) and what the console may show its asker. */
@Controller()
export class AdminConsoleUsersController {
  constructor(
    private readonly readModels: ReadModels,
    private readonly commands: CommandGateway,
    private readonly authenticator: Authenticator,
  ) {}

  @ApiRoute(routes.consolePermissions)
  permissions(@CurrentActor() actor: Actor): ConsolePermissions {
    userIdOf(actor);
    const actions = consoleActions.filter((action) => can(actor, action, {}));
    return {
      admin: can(actor, 'admin.listUsers', {}),
      moderator: can(actor, 'moderation.review', {}),
      actions: [...actions],
    };
  }

  @ApiRoute(routes.adminListUsers)
  async list(@CurrentActor() actor: Actor, @Input('query') query: Query, @Res({ passthrough: true }) res: Response) {
    authorize(actor, 'admin.listUsers', {});
    const { q, id, role } = query.filter;
    const params: unknown[] = [];
    const where = ['NOT u.deleted'];
    if (q) {
      params.push(containsPattern(q));
      where.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
    }
    if (id) {
      params.push(idArray(id));
      where.push(`u.id = ANY($${params.length}::bigint[])`);
    }
    if (role) where.push(role === 'admin' ? 'u.admin' : 'u.moderator');
    const whereSql = `WHERE ${where.join(' AND ')}`;
    const [start, end] = query.range;
    const [rows, count] = await Promise.all([
      this.readModels.rows<Row>(
        `${SELECT} ${whereSql} ${orderBy(sortColumns, query.sort, 'u.id')} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      ),
      this.readModels.row<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${whereSql}`, params),
    ]);
    return listAnswer(res, 'users', query, rows.map(toRow), count?.n ?? 0);
  }

  @ApiRoute(routes.adminGetUser)
  async one(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<AdminUser> {
    authorize(actor, 'admin.listUsers', {});
    const row = await this.readModels.row<Row>(`${SELECT} WHERE u.id = $1 AND NOT u.deleted`, [id]);
    if (!row) throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    const [stations, projects] = await Promise.all([
      this.readModels.rows<{ id: string; name: string }>('SELECT id, name FROM stations WHERE owner_id = $1 ORDER BY id', [id]),
      this.readModels.rows<{ id: string; name: string; role: 'administrator' | 'member' }>(
        `SELECT p.id, p.name, m.role FROM project_members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1 ORDER BY p.id`,
        [id],
      ),
    ]);
    return {
      ...toRow(row),
      ownedStations: stations.map((s) => ({ id: Number(s.id), name: s.name })),
      projects: projects.map((p) => ({ id: Number(p.id), name: p.name, role: p.role })),
    };
  }

  @ApiRoute(routes.adminSetRoles)
  async setRoles(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') body: SetRolesBody) {
    authorize(actor, 'admin.setRoles', {});
    await this.commands.execute(new SetRolesCommand({ userId: id, ...body }, commandMetadata(userIdOf(actor))));
  }

  @ApiRoute(routes.adminDeleteUsers)
  async deleteMany(@CurrentActor() actor: Actor, @Input('body') body: BulkDeleteUsersBody): Promise<BulkResult> {
    authorize(actor, 'admin.deleteUser', {});
    const adminId = userIdOf(actor);
    await this.authenticator.confirmPassword(adminId, body.password);
    const meta = commandMetadata(adminId);
    const results: BulkResult['results'] = [];
    for (const userId of body.ids) {
      if (userId === adminId) {
        results.push({
          id: userId,
          ok: false,
          code: 'USER.DELETE_SELF',
          message: 'To delete your own account, use Delete account on your profile.',
        });
        continue;
      }
      try {
        await this.commands.execute(new DeleteAccountCommand({ userId, by: 'administrator' }, meta));
        results.push({ id: userId, ok: true, code: null, message: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id: userId, ok: false, code: error.code, message: error.message });
      }
    }
    return { results };
  }
}
