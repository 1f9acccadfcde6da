import type pg from 'pg';
import { DELETED_USER_NAME, isHidden, type Plain } from '../../libs/domain/src/index.js';

/**
 * What a read model holds of one aggregate, side by side with what the audit's state says it
 * should: for each aggregate kind, the fields both know, read from the audit state (the plain JSON
 * the API answers to a site admin) and from the projection's rows. Compared field by field.
 */
export type Comparison = { readonly audit: Record<string, unknown>; readonly readModel: Record<string, unknown> };

/** JSON with object keys sorted (jsonb keeps its own key order), so equal values compare equal. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** Whether the audit's side and the read model's side hold the same values. */
export const same = ({ audit, readModel }: Comparison): boolean => canonical(audit) === canonical(readModel);

type Obj = { readonly [key: string]: Plain };
const obj = (v: Plain | undefined): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const sortedNums = (v: Iterable<unknown>): number[] => [...v].map(Number).sort((a, b) => a - b);
/** An erased personal field reads as null in the read model (its key is gone). */
const personal = (v: Plain | undefined): unknown => (isHidden(v) ? null : v);

type Reader = (pool: pg.Pool, table: (name: string) => string, id: string, state: Plain) => Promise<Comparison>;

const one = async (pool: pg.Pool, sql: string, id: string) => (await pool.query<Record<string, unknown>>(sql, [id])).rows[0];
const all = async (pool: pg.Pool, sql: string, id: string) => (await pool.query<Record<string, unknown>>(sql, [id])).rows;

const project: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('projects')} WHERE id = $1`, id);
  const members = await all(pool, `SELECT user_id, role FROM ${t('project_members')} WHERE project_id = $1`, id);
  const follows = await all(pool, `SELECT user_id FROM ${t('project_follows')} WHERE project_id = $1`, id);
  const stations = await all(pool, `SELECT station_id FROM ${t('project_stations')} WHERE project_id = $1`, id);
  const updates = await all(pool, `SELECT id, body FROM ${t('project_updates')} WHERE project_id = $1`, id);
  const invites = await all(pool, `SELECT id, email, role FROM ${t('project_invites')} WHERE project_id = $1`, id);
  const d = obj(s['details']);
  const active = s['status'] === 'active';
  return {
    audit: active
      ? {
          exists: true,
          name: d['name'],
          description: d['description'],
          goal: d['goal'],
          location: d['location'],
          tags: d['tags'],
          privacy: d['privacy'],
          showStations: d['showStations'],
          showExactLocation: d['showExactLocation'],
          bounds: d['bounds'],
          startTime: iso(d['startTime']),
          endTime: iso(d['endTime']),
          photo: s['photo'],
          members: Object.entries(obj(s['members']))
            .map(([u, r]) => `${u}:${String(r)}`)
            .sort(),
          followers: sortedNums(s['followers'] as number[]),
          stations: sortedNums(s['stations'] as number[]),
          updates: Object.entries(obj(s['updates']))
            .map(([u, b]) => `${u}:${String(b)}`)
            .sort(),
          invites: Object.entries(obj(s['invites']))
            .map(([i, v]) => `${i}:${String(personal(obj(v)['email']))}:${String(obj(v)['role'])}`)
            .sort(),
        }
      : { exists: false },
    readModel: row
      ? {
          exists: true,
          name: row['name'],
          description: row['description'],
          goal: row['goal'],
          location: row['location'],
          tags: row['tags'],
          privacy: row['privacy'],
          showStations: row['show_stations'],
          showExactLocation: row['show_exact_location'],
          bounds: row['bounds'],
          startTime: iso(row['start_time']),
          endTime: iso(row['end_time']),
          photo: row['photo'],
          members: members.map((m) => `${String(m['user_id'])}:${String(m['role'])}`).sort(),
          followers: sortedNums(follows.map((f) => f['user_id'])),
          stations: sortedNums(stations.map((f) => f['station_id'])),
          updates: updates.map((u) => `${String(u['id'])}:${String(u['body'])}`).sort(),
          invites: invites.map((i) => `${String(i['id'])}:${String(i['email'])}:${String(i['role'])}`).sort(),
        }
      : { exists: false },
  };
};

const station: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('stations')} WHERE id = $1`, id);
  const modules = await all(
    pool,
    `SELECT module_id, name, label, position FROM ${t('station_modules')} WHERE station_id = $1`,
    id,
  );
  const links = await all(pool, `SELECT other_station_id FROM ${t('station_links')} WHERE station_id = $1`, id);
  const attributes = await all(pool, `SELECT name, string_value FROM ${t('station_attributes')} WHERE station_id = $1`, id);
  const d = obj(s['details']);
  const location = s['location'] === null ? null : obj(s['location']);
  const attrs = s['attributes'];
  return {
    audit:
      s['status'] === 'active'
        ? {
            exists: true,
            owner: num(s['ownerId']),
            deviceId: s['deviceId'],
            name: d['name'],
            description: d['description'],
            hidden: d['hidden'],
            locationName: d['locationName'],
            longitude: location ? location['longitude'] : null,
            latitude: location ? location['latitude'] : null,
            deployedAt: iso(s['deployedAt']),
            modules: (s['modules'] as Obj[])
              .map((m) => `${String(m['moduleId'])}:${String(m['name'])}:${String(m['label'])}:${String(m['position'])}`)
              .sort(),
            links: sortedNums(s['links'] as number[]),
            attributes: isHidden(attrs)
              ? []
              : Object.entries(obj(attrs))
                  .filter(([, v]) => v !== null)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .sort(),
          }
        : { exists: false },
    readModel: row
      ? {
          exists: true,
          owner: num(row['owner_id']),
          deviceId: row['device_id'],
          name: row['name'],
          description: row['description'],
          hidden: row['hidden'],
          locationName: row['location_name'],
          longitude: row['longitude'],
          latitude: row['latitude'],
          deployedAt: iso(row['deployed_at']),
          modules: modules
            .map((m) => `${String(m['module_id'])}:${String(m['name'])}:${String(m['label'])}:${String(m['position'])}`)
            .sort(),
          links: sortedNums(links.map((l) => l['other_station_id'])),
          attributes: attributes.map((a) => `${String(a['name'])}=${String(a['string_value'])}`).sort(),
        }
      : { exists: false },
  };
};

const user: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('users')} WHERE id = $1`, id);
  const erased = s['status'] === 'deleted' || isHidden(s['email']);
  return {
    audit:
      s['status'] === 'absent'
        ? { exists: false }
        : erased
          ? { exists: true, deleted: s['status'] === 'deleted', email: null, name: DELETED_USER_NAME }
          : {
              exists: true,
              deleted: false,
              email: s['email'],
              name: s['name'],
              bio: s['bio'],
              emailValidated: s['emailValidated'],
              publicProfile: s['publicProfile'],
              tncDate: iso(s['tncDate']),
              admin: s['admin'],
              moderator: s['moderator'],
              photo: s['photo'],
            },
    readModel: !row
      ? { exists: false }
      : erased
        ? { exists: true, deleted: row['deleted'], email: row['email'], name: row['name'] }
        : {
            exists: true,
            deleted: row['deleted'],
            email: row['email'],
            name: row['name'],
            bio: row['bio'],
            emailValidated: row['email_validated'],
            publicProfile: row['public_profile'],
            tncDate: iso(row['tnc_date']),
            admin: row['admin'],
            moderator: row['moderator'],
            photo: row['photo'],
          },
  };
};

const session: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('sessions')} WHERE id = $1`, id);
  return {
    audit:
      s['status'] === 'absent'
        ? { exists: false }
        : {
            exists: true,
            user: num(s['userId']),
            method: s['method'],
            spoofedBy: num(s['spoofedBy']),
            ended: s['revokedReason'] ?? null,
            expiresAt: iso(s['expiresAt']),
          },
    readModel: row
      ? {
          exists: true,
          user: num(row['user_id']),
          method: row['method'],
          spoofedBy: num(row['spoofed_by']),
          ended: row['ended_reason'],
          expiresAt: iso(row['expires_at']),
        }
      : { exists: false },
  };
};

const ingestion: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('ingestions')} WHERE id = $1`, id);
  const r = obj(s['received']);
  return {
    audit:
      s['status'] === 'absent'
        ? { exists: false }
        : {
            exists: true,
            station: num(r['stationId']),
            type: r['type'],
            size: num(r['size']),
            blobKey: r['blobKey'],
            version: s['version'],
            pending: s['pending'],
          },
    readModel: row
      ? {
          exists: true,
          station: num(row['station_id']),
          type: row['type'],
          size: num(row['size']),
          blobKey: row['blob_key'],
          version: row['version'],
          pending: row['pending'],
        }
      : { exists: false },
  };
};

const lorawanWebhook: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('lorawan_webhooks')} WHERE project_id = $1`, id);
  return {
    // The hash is a secret the audit never shows: whether one is set is compared.
    audit:
      s['status'] === 'active'
        ? {
            exists: true,
            mapping: s['mapping'],
            timePath: s['timePath'],
            owner: num(s['ownerId']),
            token: s['tokenHash'] !== null,
          }
        : { exists: false },
    readModel: row
      ? {
          exists: true,
          mapping: row['mapping'],
          timePath: row['time_path'],
          owner: num(row['owner_id']),
          token: row['token_hash'] !== null,
        }
      : { exists: false },
  };
};

const stationNotes: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const notes = await all(pool, `SELECT id, key, title, body FROM ${t('station_notes')} WHERE station_id = $1`, id);
  const media = await all(pool, `SELECT id, kind, is_station_image FROM ${t('station_media')} WHERE station_id = $1`, id);
  return {
    audit: {
      notes: Object.values(obj(s['notes']))
        .map((n) => {
          const note = obj(n);
          return `${String(note['noteId'])}:${String(note['key'])}:${String(note['title'])}:${String(note['body'])}`;
        })
        .sort(),
      media: Object.values(obj(s['media']))
        .map((m) => `${String(obj(m)['mediaId'])}:${String(obj(m)['kind'])}`)
        .sort(),
      stationImage: num(s['stationImage']),
    },
    readModel: {
      notes: notes.map((n) => `${String(n['id'])}:${String(n['key'])}:${String(n['title'])}:${String(n['body'])}`).sort(),
      media: media.map((m) => `${String(m['id'])}:${String(m['kind'])}`).sort(),
      stationImage: num(media.find((m) => m['is_station_image'] === true)?.['id']),
    },
  };
};

const fieldNote: Reader = async (pool, t, id, state) => {
  const s = obj(state);
  const row = await one(pool, `SELECT * FROM ${t('field_notes')} WHERE id = $1`, id);
  return {
    audit:
      s['status'] === 'written'
        ? { exists: true, station: num(s['stationId']), author: num(s['authorId']), body: s['body'] }
        : { exists: false },
    readModel: row
      ? { exists: true, station: num(row['station_id']), author: num(row['author_id']), body: row['body'] }
      : { exists: false },
  };
};

/** Per aggregate kind: the projection that keeps its read model, and how its rows compare with the audit state. */
export const readModelOf: Record<string, { readonly projection: string; readonly compare: Reader }> = {
  project: { projection: 'projects', compare: project },
  station: { projection: 'stations', compare: station },
  user: { projection: 'users', compare: user },
  session: { projection: 'sessions', compare: session },
  ingestion: { projection: 'ingestions', compare: ingestion },
  'lorawan-webhook': { projection: 'lorawan_webhooks', compare: lorawanWebhook },
  'station-notes': { projection: 'station_notes', compare: stationNotes },
  'field-note': { projection: 'field_notes', compare: fieldNote },
};
