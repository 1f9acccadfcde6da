import { Inject, Injectable } from '@nestjs/common';
import { DomainError, termsAreCurrent, userMessages } from '@groundtruth/domain';
import type { MentionableList, User, UserSearchResult } from '@groundtruth/contracts';
import {
  APP_CONFIG,
  selectRows,
  sessionsTable,
  usersTable,
  type AppConfig,
  type LeftJoined,
  type SessionRow,
  type UserRow,
} from '@groundtruth/platform';
import { ReadModels } from '../../read-models/read-models.js';

/** A person as the API's services read them: a `users` row with numeric ids and camel-case names. */
export type UserRecord = {
  id: number;
  revision: number;
  email: string | null;
  name: string;
  bio: string;
  photo: string | null;
  publicProfile: boolean;
  emailValidated: boolean;
  hasPassword: boolean;
  locale: 'en-US' | 'es-ES';
  tncDate: Date | null;
  admin: boolean;
  moderator: boolean;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const toUserRecord = (r: UserRow): UserRecord => ({
  id: Number(r.id),
  revision: Number(r.revision),
  email: r.email,
  name: r.name,
  bio: r.bio,
  photo: r.photo,
  publicProfile: r.public_profile,
  emailValidated: r.email_validated,
  hasPassword: r.has_password,
  locale: r.locale,
  tncDate: r.tnc_date,
  admin: r.admin,
  moderator: r.moderator,
  deleted: r.deleted,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Both joins are LEFT: a side is null until its account or session is projected. */
type CallerRow = LeftJoined<Pick<UserRow, 'admin' | 'moderator' | 'deleted'> & Pick<SessionRow, 'spoofed_by'>> & {
  session_ended: boolean | null;
};

export type Caller = {
  readonly account: { readonly admin: boolean; readonly moderator: boolean; readonly deleted: boolean } | null;
  readonly sessionEnded: boolean | null;
  readonly spoofedBy: number | null;
};

/** A project whose team holds both the caller (`mine`, a parameter) and the person `theirs` (`u.id` unless given). */
const sharedProject = (mine: string, theirs = 'u.id'): string =>
  `SELECT 1 FROM project_members mine JOIN project_members theirs ON theirs.project_id = mine.project_id
   WHERE mine.user_id = ${mine} AND theirs.user_id = ${theirs}`;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Answers questions about people from the read models only. */
@Injectable()
export class UsersQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  toUser(r: UserRecord): User {
    return {
      id: Number(r.id),
      email: r.email ?? '',
      name: r.name,
      bio: r.bio,
      photo: r.photo ? { url: `/api/user/${r.id}/media?v=${encodeURIComponent(r.photo.slice(-12))}` } : null,
      publicProfile: r.publicProfile,
      emailValidated: r.emailValidated,
      hasPassword: r.hasPassword,
      tncDate: r.tncDate?.toISOString() ?? null,
      termsCurrent: termsAreCurrent(r.tncDate?.toISOString() ?? null, this.config.termsDate),
      admin: r.admin,
      moderator: r.moderator,
      locale: r.locale,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: Number(r.revision),
    };
  }

  async find(id: number): Promise<UserRecord | null> {
    // SQL from the entity rather than findOne: GET /api/user asks this on every page load.
    const row = await this.readModels.row<UserRow>(selectRows(usersTable, 'WHERE id = $1'), [id]);
    return row ? toUserRecord(row) : null;
  }

  async get(id: number): Promise<User> {
    const row = await this.find(id);
    if (!row || row.deleted) throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    return this.toUser(row);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const row = await this.readModels.em().findOne(usersTable.entity, { email: email.trim().toLowerCase(), deleted: false });
    return row ? toUserRecord(row) : null;
  }

  /**
   * What the guard asks on every signed-in request, in one round trip: the account's roles and
   * whether it is deleted (null: not projected yet), and whether the session has ended (null: not
   * projected yet), and who is spoofing through it. SQL rather than two finds: it is on every
   * request, and the outer join of two tables by different keys is one round trip this way.
   */
  async caller(userId: number, sessionId: string): Promise<Caller> {
    const row = await this.readModels.row<CallerRow>(
      `SELECT u.admin, u.moderator, u.deleted,
              s.ended_reason IS NOT NULL OR s.expires_at <= now() AS session_ended, s.spoofed_by
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON u.id = $1
       LEFT JOIN sessions s ON s.id = $2`,
      [userId, sessionId],
    );
    return {
      account: row && row.deleted !== null ? { admin: row.admin!, moderator: row.moderator!, deleted: row.deleted } : null,
      sessionEnded: row?.session_ended ?? null,
      spoofedBy: row?.spoofed_by == null ? null : Number(row.spoofed_by),
    };
  }

  async openSessions(userId: number): Promise<string[]> {
    const rows = await this.readModels
      .em()
      .find(sessionsTable.entity, { user_id: String(userId), ended_reason: null }, { fields: ['id'] });
    return rows.map((r) => r.id);
  }

  /**
   * People the caller may see (policy `person.see`) whose name matches: a public profile, a project
   * in common, the caller themselves, or anyone for a site admin. SQL: the shared-project test is a
   * self-join of project_members inside EXISTS, which MikroORM's filters cannot say.
   */
  async mentionables(caller: { userId: number; admin: boolean }, query: string, limit = 10): Promise<MentionableList> {
    if (!query) return { mentions: [] };
    const rows = await this.readModels.rows<Pick<UserRow, 'id' | 'name'>>(
      `SELECT u.id, u.name FROM users u
       WHERE NOT u.deleted AND u.name ILIKE $1
         AND ($2::boolean OR u.public_profile OR u.id = $3 OR EXISTS (${sharedProject('$3')}))
       ORDER BY u.name, u.id
       LIMIT $4`,
      [`%${escapeLike(query)}%`, caller.admin, caller.userId, limit],
    );
    return { mentions: rows.map((r) => ({ id: Number(r.id), name: r.name, mention: `@${r.name.replace(/\s+/g, '')}` })) };
  }

  /** Whether two people are on the team of one project (members and administrators; invitations do not count). */
  async shareAProject(userId: number, otherId: number): Promise<boolean> {
    const row = await this.readModels.row<{ shared: boolean }>(`SELECT EXISTS (${sharedProject('$1', '$2')}) AS shared`, [
      userId,
      otherId,
    ]);
    return row?.shared === true;
  }

  async search(query: string, limit = 50): Promise<UserSearchResult> {
    const like = `%${escapeLike(query)}%`;
    const rows = await this.readModels
      .em()
      .find(
        usersTable.entity,
        { deleted: false, $or: [{ name: { $ilike: like } }, { email: { $ilike: like } }] },
        { fields: ['id', 'name', 'email'], orderBy: { name: 'asc', id: 'asc' }, limit },
      );
    return { users: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email ?? '' })) };
  }
}
