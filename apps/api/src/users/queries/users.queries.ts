import { Inject, Injectable } from '@nestjs/common';
import { DomainError, termsAreCurrent, userMessages } from '@groundtruth/domain';
import type { MentionableList, User, UserSearchResult } from '@groundtruth/contracts';
import { APP_CONFIG, type AppConfig } from '@groundtruth/platform';
import { ReadModels } from '../../read-models/read-models.js';
import { SessionRecord, UserRecord, type UserRecordShape } from './user.record.js';

type CallerRow = {
  admin: boolean | null;
  moderator: boolean | null;
  deleted: boolean | null;
  session_ended: boolean | null;
  spoofed_by: string | null;
};

export type Caller = {
  readonly account: { readonly admin: boolean; readonly moderator: boolean; readonly deleted: boolean } | null;
  readonly sessionEnded: boolean | null;
  readonly spoofedBy: number | null;
};

/** A project whose team holds both the caller (first parameter) and the person `u.id`. */
const SHARED_PROJECT = `SELECT 1 FROM project_members mine JOIN project_members theirs ON theirs.project_id = mine.project_id
   WHERE mine.user_id = ? AND theirs.user_id = u.id`;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Answers questions about people from the read models only. */
@Injectable()
export class UsersQueries {
  constructor(
    private readonly readModels: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  toUser(r: UserRecordShape): User {
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

  async find(id: number): Promise<UserRecordShape | null> {
    const em = await this.readModels.em();
    return em.findOne(UserRecord, { id });
  }

  async get(id: number): Promise<User> {
    const row = await this.find(id);
    if (!row || row.deleted) throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    return this.toUser(row);
  }

  async findByEmail(email: string): Promise<UserRecordShape | null> {
    const em = await this.readModels.em();
    return em.findOne(UserRecord, { email: email.trim().toLowerCase(), deleted: false });
  }

  /**
   * What the guard asks on every signed-in request, in one round trip: the account's roles and
   * whether it is deleted (null: not projected yet), and whether the session has ended (null: not
   * projected yet), and who is spoofing through it.
   */
  async caller(userId: number, sessionId: string): Promise<Caller> {
    const em = await this.readModels.em();
    const [row] = await em.getConnection().execute<CallerRow[]>(
      `SELECT u.admin, u.moderator, u.deleted,
              s.ended_reason IS NOT NULL OR s.expires_at <= now() AS session_ended, s.spoofed_by
       FROM (SELECT 1) AS one
       LEFT JOIN users u ON u.id = ?
       LEFT JOIN sessions s ON s.id = ?`,
      [userId, sessionId],
    );
    return {
      account: row && row.deleted !== null ? { admin: row.admin!, moderator: row.moderator!, deleted: row.deleted } : null,
      sessionEnded: row?.session_ended ?? null,
      spoofedBy: row?.spoofed_by == null ? null : Number(row.spoofed_by),
    };
  }

  async openSessions(userId: number): Promise<string[]> {
    const em = await this.readModels.em();
    const rows = await em.find(SessionRecord, { userId, endedReason: null }, { fields: ['id'] });
    return rows.map((r) => r.id);
  }

  /**
   * People the caller may see (policy `person.see`) whose name matches: a public profile, a project
   * in common, the caller themselves, or anyone for a site admin.
   */
  async mentionables(caller: { userId: number; admin: boolean }, query: string, limit = 10): Promise<MentionableList> {
    if (!query) return { mentions: [] };
    const em = await this.readModels.em();
    const rows = await em.getConnection().execute<{ id: string; name: string }[]>(
      `SELECT u.id, u.name FROM users u
       WHERE NOT u.deleted AND u.name ILIKE ?
         AND (?::boolean OR u.public_profile OR u.id = ? OR EXISTS (${SHARED_PROJECT}))
       ORDER BY u.name, u.id
       LIMIT ?`,
      [`%${escapeLike(query)}%`, caller.admin, caller.userId, caller.userId, limit],
    );
    return { mentions: rows.map((r) => ({ id: Number(r.id), name: r.name, mention: `@${r.name.replace(/\s+/g, '')}` })) };
  }

  /** Whether two people are on the team of one project (members and administrators; invitations do not count). */
  async shareAProject(userId: number, otherId: number): Promise<boolean> {
    const em = await this.readModels.em();
    const [row] = await em
      .getConnection()
      .execute<{ shared: boolean }[]>(`SELECT EXISTS (${SHARED_PROJECT.replace('u.id', '?')}) AS shared`, [userId, otherId]);
    return row?.shared === true;
  }

  async search(query: string, limit = 50): Promise<UserSearchResult> {
    const em = await this.readModels.em();
    const like = `%${escapeLike(query)}%`;
    const rows = await em.find(
      UserRecord,
      { deleted: false, $or: [{ name: { $ilike: like } }, { email: { $ilike: like } }] },
      { orderBy: { name: 'asc', id: 'asc' }, limit },
    );
    return { users: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email ?? '' })) };
  }
}
