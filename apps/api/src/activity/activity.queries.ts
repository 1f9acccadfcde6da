import { Injectable } from '@nestjs/common';
import { can, DELETED_USER_NAME, generalLocation, type Actor } from '@groundtruth/domain';
import { ACTIVITY_FEED_LIMIT, type Activity } from '@groundtruth/contracts';
import { ReadModels } from '../read-models/read-models.js';
import { stationAccessColumnsSql, toStationResource, type StationAccessRow } from '../access/index.js';

type ActivityRow = Partial<StationAccessRow> & {
  id: string;
  kind: Activity['type'];
  station_id: string | null;
  author_id: string | null;
  occurred_at: Date | string;
  first_at: Date | string;
  uploads: string | number;
  details: Record<string, unknown>;
  station_name: string | null;
  author_name: string | null;
  author_photo: string | null;
  author_deleted: boolean | null;
};

const toActivity = (actor: Actor, r: ActivityRow): Activity | null => {
  const common = { id: r.id, createdAt: new Date(r.occurred_at).toISOString() };
  const d = r.details;
  const station = r.station_id === null ? null : { id: Number(r.station_id), name: r.station_name ?? '' };
  switch (r.kind) {
    case 'ProjectUpdate': {
      const authorId = r.author_id === null ? null : Number(r.author_id);
      const author =
        authorId === null
          ? null
          : r.author_deleted !== false
            ? { id: authorId, name: DELETED_USER_NAME, photo: null }
            : {
                id: authorId,
                name: r.author_name ?? '',
                photo: r.author_photo
                  ? { url: `/api/user/${authorId}/media?v=${encodeURIComponent(r.author_photo.slice(-12))}` }
                  : null,
              };
      return { ...common, type: 'ProjectUpdate', updateId: Number(d['updateId']), author, body: String(d['body'] ?? '') };
    }
    case 'StationDeployed': {
      if (!station) return null;
      const at = d['location'] as { latitude: number; longitude: number };
      // As exact as the station page would show it to this asker (spec §2: exact or general location).
      const exact = can(actor, 'station.readExactLocation', toStationResource(r as StationAccessRow, actor));
      const location = exact ? at : generalLocation(at);
      return {
        ...common,
        type: 'StationDeployed',
        station,
        deployedAt: String(d['deployedAt']),
        location: { latitude: location.latitude, longitude: location.longitude },
        locationName: (d['locationName'] as string | null) ?? null,
      };
    }
    case 'StationIngestion':
      if (!station) return null;
      return {
        ...common,
        type: 'StationIngestion',
        station,
        records: Number(d['records'] ?? 0),
        uploads: Number(r.uploads),
        firstAt: new Date(r.first_at).toISOString(),
        errors: d['errors'] === true,
      };
    default:
      return null;
  }
};

/** The activity feed of a project, from the `activity` read model. */
@Injectable()
export class ActivityQueries {
  constructor(private readonly readModels: ReadModels) {}

  /**
   * The project's own rows and those of the stations it holds now, newest first. The caller has
   * already checked that the asker may read the project; its stations are shown with it, except
   * hidden ones (and their deployments' coordinates), which only their owner sees, as in the
   * project's station list. Deployment coordinates are exact or general as the station page shows them.
   *
   * A station's processed data uploads are grouped here, one item per station and UTC day (a
   * station uploading every few minutes would otherwise fill the feed and push the updates and
   * deployments out of it): the group counts its uploads and records and spans its first to its last
   * upload. Grouping happens before the limit, so the 50 items are 50 groups.
   */
  async ofProject(projectId: number, actor: Actor): Promise<Activity[]> {
    const askerId = actor.kind === 'user' ? actor.userId : null;
    const rows = await this.readModels.rows<ActivityRow>(
      `WITH feed AS (
         SELECT a.* FROM activity a
         LEFT JOIN stations s ON s.id = a.station_id
         WHERE (a.project_id = $1
                OR a.station_id IN (SELECT station_id FROM project_stations WHERE project_id = $1))
           AND (s.id IS NULL OR NOT s.hidden OR s.owner_id = $2)
           AND NOT (a.kind = 'StationIngestion' AND a.details->>'processed' IS DISTINCT FROM 'true')
       ), items AS (
         SELECT id, kind, station_id, author_id, occurred_at, occurred_at AS first_at, 1::bigint AS uploads, details
         FROM feed WHERE kind <> 'StationIngestion'
         UNION ALL
         SELECT 'uploads-' || station_id || '-' || day, 'StationIngestion', station_id, NULL::bigint,
                max(occurred_at), min(occurred_at), count(*),
                jsonb_build_object('records', sum((details->>'records')::bigint),
                                   'errors', bool_or((details->>'errors')::numeric > 0))
         FROM (SELECT *, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
               FROM feed WHERE kind = 'StationIngestion') uploads
         GROUP BY station_id, day
       )
       SELECT i.id, i.kind, i.station_id, i.author_id, i.occurred_at, i.first_at, i.uploads, i.details,
              s.name AS station_name, s.owner_id, ${stationAccessColumnsSql('s', 2)},
              u.name AS author_name, u.photo AS author_photo, u.deleted AS author_deleted
       FROM items i
       LEFT JOIN stations s ON s.id = i.station_id
       LEFT JOIN users u ON u.id = i.author_id
       ORDER BY i.occurred_at DESC, i.id DESC
       LIMIT $3`,
      [projectId, askerId, ACTIVITY_FEED_LIMIT],
    );
    return rows.map((r) => toActivity(actor, r)).filter((a): a is Activity => a !== null);
  }
}
