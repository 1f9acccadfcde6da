import { Injectable } from '@nestjs/common';
import {
  authorize,
  can,
  DomainError,
  stationMessages,
  type Action,
  type Actor,
  type ProjectRole,
  type ResourceOf,
  type SeenLocation,
  type StationResource,
} from '@groundtruth/domain';
import type { StationRow } from '@groundtruth/platform';
import { AnswerCache } from '../common/cache/answer-cache.js';
import { ReadYourWrites } from '../common/cqrs/read-your-writes.js';
import { ReadModels } from '../read-models/read-models.js';

/** Who asks, as far as what they may read depends on it: the user and their site roles, or anonymous. */
export const askerKey = (actor: Actor): string =>
  actor.kind === 'user' ? `user:${actor.userId}:${actor.admin ? 1 : 0}:${actor.moderator ? 1 : 0}` : 'anonymous';

/** Outcomes of authorizeReadAll kept (askers × station sets). */
const READ_ALL_OUTCOMES = 10_000;

/**
 * SQL for "the asker may read station `s`" (spec §6): it sits in a public project, or the asker
 * owns it, or belongs to a project holding it; site admins read everything. Parameter `$user` holds
 * the asker's user id (null when anonymous). Same rule as the policy's `station.read`, written as a
 * filter for lists.
 */
export const readableStationSql = (s: string, user: number): string => `(
  EXISTS (SELECT 1 FROM project_stations ps JOIN projects p ON p.id = ps.project_id
          WHERE ps.station_id = ${s}.id AND p.privacy > 0)
  OR ${s}.owner_id = $${user}
  OR EXISTS (SELECT 1 FROM project_stations ps JOIN project_members pm ON pm.project_id = ps.project_id
             JOIN projects p ON p.id = ps.project_id
             WHERE ps.station_id = ${s}.id AND pm.user_id = $${user}))`;

/** The user id `readableStationSql` takes, and whether the filter applies at all. */
export const readableStationParams = (actor: Actor): { all: boolean; userId: number | null } => {
  const userId = actor.kind === 'user' ? actor.userId : null;
  return { all: actor.kind === 'user' && actor.admin, userId };
};

/** The policy's actions decided on a station. */
export type StationAction = { [A in Action]: ResourceOf<A> extends StationResource ? A : never }[Action];

/**
 * Columns `is_public` (a public project holds station `s`), `exact_public` (one of those shows
 * exact station locations) and `role_rank` (the asker's highest
 * role among the projects holding it: 2 administrator, 1 member, null none). Parameter `$user`
 * holds the asker's user id (null when anonymous).
 */
export const stationAccessColumnsSql = (s: string, user: number): string => `
  EXISTS (SELECT 1 FROM project_stations ps JOIN projects p ON p.id = ps.project_id
          WHERE ps.station_id = ${s}.id AND p.privacy > 0) AS is_public,
  EXISTS (SELECT 1 FROM project_stations ps JOIN projects p ON p.id = ps.project_id
          WHERE ps.station_id = ${s}.id AND p.privacy > 0 AND p.show_exact_location) AS exact_public,
  (SELECT max(CASE pm.role WHEN 'administrator' THEN 2 WHEN 'member' THEN 1 END)
     FROM project_stations ps
     JOIN projects p ON p.id = ps.project_id
     JOIN project_members pm ON pm.project_id = ps.project_id
    WHERE ps.station_id = ${s}.id AND pm.user_id = $${user}) AS role_rank`;

export type StationAccessRow = Pick<StationRow, 'owner_id'> & {
  is_public: boolean;
  exact_public: boolean;
  role_rank: number | string | null;
};

/** What the permission policy needs to know about a station for one asker, from its access columns. */
export const toStationResource = (row: StationAccessRow, actor: Actor): StationResource => {
  const userId = actor.kind === 'user' ? actor.userId : null;
  const rank = row.role_rank === null ? 0 : Number(row.role_rank);
  const projectRole: ProjectRole | null = rank === 2 ? 'administrator' : rank === 1 ? 'member' : null;
  return {
    isOwner: userId !== null && Number(row.owner_id) === userId,
    isPublic: row.is_public,
    projectRole,
    exactLocationPublic: row.exact_public,
  };
};

/** A station row's exact and general coordinates (the stations read model). */
export type StationLocationRow = Pick<StationRow, 'latitude' | 'longitude' | 'general_latitude' | 'general_longitude'>;

/**
 * Where the asker may see the station: the exact coordinates when the policy lets them
 * (`station.readExactLocation`), otherwise the general ones, which the projector rounded. Every
 * answer that depends on a station's place (its location, distances, who is nearby and in which
 * order) starts from this, so nothing an asker gets is computed from coordinates they may not see.
 */
export const seenLocation = (row: StationAccessRow & StationLocationRow, actor: Actor): SeenLocation | null => {
  if (can(actor, 'station.readExactLocation', toStationResource(row, actor))) {
    return row.latitude === null || row.longitude === null
      ? null
      : { latitude: row.latitude, longitude: row.longitude, exact: true };
  }
  return row.general_latitude === null || row.general_longitude === null
    ? null
    : { latitude: row.general_latitude, longitude: row.general_longitude, exact: false };
};

/**
 * What the permission policy needs to know about a station for one asker: ownership, whether a
 * public project holds it, and the asker's highest role among the projects that do.
 */
@Injectable()
export class StationAccessQueries {
  /** authorizeReadAll's outcomes (null: allowed; else the refusal) per asker and stations, under the read models' version. */
  private readonly readAllOutcomes = new AnswerCache<{ readonly refusal: DomainError | null }>(READ_ALL_OUTCOMES);

  constructor(
    private readonly readModels: ReadModels,
    private readonly readModelsVersion: ReadYourWrites,
  ) {}

  async resourceFor(stationId: number, actor: Actor): Promise<StationResource> {
    const userId = actor.kind === 'user' ? actor.userId : null;
    const row = await this.readModels.row<StationAccessRow>(
      `SELECT s.owner_id, ${stationAccessColumnsSql('s', 1)} FROM stations s WHERE s.id = $2`,
      [userId, stationId],
    );
    if (!row) throw new DomainError('not_found', 'STATION.NOT_FOUND', stationMessages.noSuchStation);
    return toStationResource(row, actor);
  }

  /**
   * The resource, once the asker may take `action` on the station: spec §8's private-station 403
   * when they cannot even read it, otherwise the policy's verdict (401, 403 AUTH.FORBIDDEN).
   */
  async authorize(actor: Actor, action: StationAction, stationId: number): Promise<StationResource> {
    const resource = await this.resourceFor(stationId, actor);
    if (!can(actor, 'station.read', resource)) throw new DomainError('forbidden', 'STATION.PRIVATE', stationMessages.private);
    authorize(actor, action, resource);
    return resource;
  }

  /**
   * `authorizeRead` for several stations in one query (chart calls name up to dozens): the first
   * station, by id, that is missing (404) or unreadable (403 STATION.PRIVATE) refuses the call.
   */
  async authorizeReadAll(stationIds: readonly number[], actor: Actor): Promise<void> {
    if (stationIds.length === 0) return;
    // Its outcome stays true while the read models have not moved (a membership, a project's
    // privacy, a station's owner all change them): a chart call, asked many times a minute, then
    // makes one Postgres round trip (its session) instead of two. Taken before reading.
    const version = this.readModelsVersion.readModelsVersion();
    const ordered = [...stationIds].sort((a, b) => a - b);
    const key = `${askerKey(actor)}|${ordered.join(',')}`;
    const kept = version === null ? undefined : this.readAllOutcomes.get(key, version);
    if (kept) {
      if (kept.refusal) throw kept.refusal;
      return;
    }
    try {
      await this.checkReadAll(ordered, actor);
    } catch (error) {
      if (version !== null && error instanceof DomainError) this.readAllOutcomes.set(key, version, { refusal: error }, 0);
      throw error;
    }
    if (version !== null) this.readAllOutcomes.set(key, version, { refusal: null }, 0);
  }

  /** The check itself; `stationIds` in ascending order (the first refused, by id, answers). */
  private async checkReadAll(stationIds: readonly number[], actor: Actor): Promise<void> {
    const userId = actor.kind === 'user' ? actor.userId : null;
    const rows = await this.readModels.rows<StationAccessRow & { id: string }>(
      `SELECT s.id, s.owner_id, ${stationAccessColumnsSql('s', 1)} FROM stations s WHERE s.id = ANY($2::bigint[])`,
      [userId, `{${stationIds.map((id) => Math.trunc(id)).join(',')}}`],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of stationIds) {
      const row = byId.get(id);
      if (!row) throw new DomainError('not_found', 'STATION.NOT_FOUND', stationMessages.noSuchStation);
      if (!can(actor, 'station.read', toStationResource(row, actor))) {
        throw new DomainError('forbidden', 'STATION.PRIVATE', stationMessages.private);
      }
    }
  }

  /** `authorize(actor, 'station.read', stationId)`. */
  authorizeRead(stationId: number, actor: Actor): Promise<StationResource> {
    return this.authorize(actor, 'station.read', stationId);
  }
}
