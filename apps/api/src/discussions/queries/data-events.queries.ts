import { Injectable } from '@nestjs/common';
import { can, dataEventMessages, DomainError, type Actor } from '@groundtruth/domain';
import type { DataEvent } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { AUTHOR_COLUMNS, authorOf, iso, type AuthorColumns } from './authors.js';

type EventRow = AuthorColumns & {
  id: string;
  project_id: string | null;
  bookmark: string | null;
  author_id: string;
  title: string;
  description: string;
  start_time: Date;
  end_time: Date;
  all_project_sensors: boolean;
  sensors: { stationId: number; sensorId: number }[];
  created_at: Date;
  updated_at: Date;
  reported: boolean;
  administers: boolean;
};

const select = (where: string) => `
  SELECT e.*, ${AUTHOR_COLUMNS},
         EXISTS (SELECT 1 FROM moderation_reports r
                 WHERE r.post_type = 'data_event' AND r.post_id = e.id AND r.user_id = $1) AS reported,
         EXISTS (SELECT 1 FROM project_members pm
                 WHERE pm.project_id = e.project_id AND pm.user_id = $1 AND pm.role = 'administrator') AS administers
    FROM data_events e LEFT JOIN users u ON u.id = e.author_id
   ${where}`;

/**
 * Whether the asker reads the project a row belongs to (`e.project_id`): public, a member, or a
 * site admin. The same rule as the policy's `project.read`, as SQL for lists ($1 the asker, $3 admin).
 */
const readsProject = `(e.project_id IS NULL OR EXISTS (
    SELECT 1 FROM projects pr WHERE pr.id = e.project_id AND (pr.privacy > 0 OR $3::boolean
      OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = pr.id AND m.user_id = $1))))`;

const asker = (actor: Actor) => (actor.kind === 'user' ? actor.userId : 0);
const isAdmin = (actor: Actor) => actor.kind === 'user' && actor.admin;

@Injectable()
export class DataEventsQueries {
  constructor(private readonly readModels: ReadModels) {}

  private static toEvent(this: void, r: EventRow, actor: Actor): DataEvent {
    const authorId = Number(r.author_id);
    return {
      id: Number(r.id),
      author: authorOf(authorId, r),
      projectId: r.project_id === null ? null : Number(r.project_id),
      bookmark: r.bookmark,
      title: r.title,
      description: r.description,
      start: iso(r.start_time),
      end: iso(r.end_time),
      allProjectSensors: r.all_project_sensors,
      sensors: r.sensors,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      userHasReported: r.reported,
      canEdit: can(actor, 'dataEvent.edit', {
        isAuthor: actor.kind === 'user' && actor.userId === authorId,
        role: r.administers ? 'administrator' : null,
      }),
      type: 'event',
    };
  }

  async ofProject(projectId: number, actor: Actor): Promise<DataEvent[]> {
    const rows = await this.readModels.rows<EventRow>(select('WHERE e.project_id = $2 ORDER BY e.start_time, e.id'), [
      asker(actor),
      projectId,
    ]);
    return rows.map((r) => DataEventsQueries.toEvent(r, actor));
  }

  async ofBookmark(bookmark: string, actor: Actor): Promise<DataEvent[]> {
    const rows = await this.readModels.rows<EventRow>(
      select('WHERE e.bookmark = $2 AND e.project_id IS NULL ORDER BY e.start_time, e.id'),
      [asker(actor), bookmark],
    );
    return rows.map((r) => DataEventsQueries.toEvent(r, actor));
  }

  /**
   * Events about any of these stations, for charts: those scoped to their sensors, and those about
   * all sensors of a project that holds one of them; project events only where the asker reads the project.
   */
  async aboutStations(stationIds: readonly number[], actor: Actor): Promise<DataEvent[]> {
    const rows = await this.readModels.rows<EventRow>(
      select(`WHERE (e.station_ids && $2::bigint[]
                  OR (e.all_project_sensors AND EXISTS (SELECT 1 FROM project_stations ps
                        WHERE ps.project_id = e.project_id AND ps.station_id = ANY($2::bigint[]))))
                AND ${readsProject}
              ORDER BY e.start_time, e.id`),
      [asker(actor), stationIds.map(String), isAdmin(actor)],
    );
    return rows.map((r) => DataEventsQueries.toEvent(r, actor));
  }

  async one(eventId: number, actor: Actor): Promise<DataEvent> {
    const [row] = await this.readModels.rows<EventRow>(select('WHERE e.id = $2'), [asker(actor), eventId]);
    if (!row) throw new DomainError('not_found', 'DATA_EVENT.NOT_FOUND', dataEventMessages.notFound);
    return DataEventsQueries.toEvent(row, actor);
  }
}
