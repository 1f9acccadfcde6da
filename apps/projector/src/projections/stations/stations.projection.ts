import {
  deviceIdKey,
  generalLocation,
  stationAttributeId,
  stationEventTypes,
  type StationAttributeName,
  type StationEvent,
  type UserDeleted,
} from '@groundtruth/domain';
import {
  foldIntoRows,
  type Projection,
  type ProjectionContext,
  type RecordedEvent,
  type StationRow,
  type WrittenRow,
  stationsTable,
  stationModulesTable,
  stationAttributesTable,
  stationLinksTable,
} from '@groundtruth/platform';

/** One row per station, as the API serves it (modules, attributes and links in their own tables). */
type Row = WrittenRow<StationRow>;

type Handled = RecordedEvent & (StationEvent | UserDeleted);

const handles = [
  ...stationEventTypes,
  // A deleted owner's attribute values (sealed with their key) go with them, live as on a rebuild.
  'UserDeleted',
] as const;

const columnOf = { name: 'name', description: 'description', hidden: 'hidden', locationName: 'location_name' } as const;

const evolve = (row: Row | undefined, event: StationEvent, revision: string): Row | undefined => {
  if (event.type === 'StationRegistered') {
    const d = event.data;
    return {
      id: String(d.stationId),
      revision,
      owner_id: String(d.ownerId),
      // Spelled as registered before device ids were canonical: kept under its canonical form.
      device_id: deviceIdKey(d.deviceId),
      name: d.name,
      description: '',
      hidden: false,
      deployed_at: null,
      longitude: null,
      latitude: null,
      general_longitude: null,
      general_latitude: null,
      location_name: d.locationName ?? null,
      model: d.model ?? null,
      created_at: d.registeredAt,
      updated_at: d.registeredAt,
    };
  }
  if (!row) return row;
  const next: Row = { ...row, revision };
  switch (event.type) {
    case 'StationUpdated': {
      const out: Record<string, unknown> = { ...next, updated_at: event.data.updatedAt };
      for (const [field, value] of Object.entries(event.data.changes)) {
        const column = columnOf[field as keyof typeof columnOf];
        if (column) out[column] = value;
      }
      return out as Row;
    }
    case 'StationDeployed': {
      const general = generalLocation(event.data.location);
      return {
        ...next,
        deployed_at: event.data.deployedAt,
        longitude: event.data.location.longitude,
        latitude: event.data.location.latitude,
        general_longitude: general.longitude,
        general_latitude: general.latitude,
        location_name: event.data.locationName,
        updated_at: event.data.updatedAt,
      };
    }
    case 'StationAttributesChanged':
    case 'StationModuleLabelled':
      return { ...next, updated_at: event.data.updatedAt };
    case 'StationModulesConfigured':
      return { ...next, updated_at: event.data.configuredAt };
    case 'StationTransferred':
      return { ...next, owner_id: String(event.data.toOwnerId), updated_at: event.data.transferredAt };
    default:
      // Links do not change the station itself; the revision still moves on.
      return next;
  }
};

/** Modules, attributes and links: one statement per event, in log order. */
const applyToSideTables = async (event: Handled, { client, table }: ProjectionContext): Promise<void> => {
  const modules = table(stationModulesTable.name);
  const attributes = table(stationAttributesTable.name);
  const links = table(stationLinksTable.name);
  switch (event.type) {
    case 'StationModulesConfigured': {
      const d = event.data;
      // Labels belong to module ids, which outlive a reconfiguration when the module stays.
      await client.query(`DELETE FROM ${modules} WHERE station_id = $1 AND NOT (module_id = ANY($2::bigint[]))`, [
        d.stationId,
        d.modules.map((m) => m.moduleId),
      ]);
      await client.query(
        `INSERT INTO ${modules} (module_id, station_id, hardware_id, name, position, internal, sensors)
         SELECT m.module_id, $1, m.hardware_id, m.name, m.position, m.internal, m.sensors
         FROM jsonb_to_recordset($2::jsonb) AS m(module_id bigint, hardware_id text, name text, position int, internal boolean, sensors jsonb)
         ON CONFLICT (module_id) DO UPDATE SET station_id = EXCLUDED.station_id, hardware_id = EXCLUDED.hardware_id,
           name = EXCLUDED.name, position = EXCLUDED.position, internal = EXCLUDED.internal, sensors = EXCLUDED.sensors`,
        [
          d.stationId,
          JSON.stringify(
            d.modules.map((m) => ({
              module_id: m.moduleId,
              hardware_id: m.hardwareId,
              name: m.name,
              position: m.position,
              internal: m.internal,
              sensors: m.sensors,
            })),
          ),
        ],
      );
      return;
    }
    case 'StationModuleLabelled':
      await client.query(`UPDATE ${modules} SET label = $3 WHERE station_id = $1 AND module_id = $2`, [
        event.data.stationId,
        event.data.moduleId,
        event.data.label,
      ]);
      return;
    case 'StationAttributesChanged': {
      const values = event.data.pii?.attributes;
      if (!values) return;
      for (const [name, value] of Object.entries(values)) {
        const id = stationAttributeId(name as StationAttributeName);
        if (value === null || value === undefined) {
          await client.query(`DELETE FROM ${attributes} WHERE station_id = $1 AND attribute_id = $2`, [event.data.stationId, id]);
        } else {
          await client.query(
            `INSERT INTO ${attributes} (station_id, attribute_id, name, string_value) VALUES ($1, $2, $3, $4)
             ON CONFLICT (station_id, attribute_id) DO UPDATE SET string_value = EXCLUDED.string_value`,
            [event.data.stationId, id, name, value],
          );
        }
      }
      return;
    }
    case 'StationLinked':
      await client.query(
        `INSERT INTO ${links} (station_id, other_station_id, linked_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [event.data.stationId, event.data.otherStationId, event.data.linkedAt],
      );
      return;
    case 'StationUnlinked':
      await client.query(`DELETE FROM ${links} WHERE station_id = $1 AND other_station_id = $2`, [
        event.data.stationId,
        event.data.otherStationId,
      ]);
      return;
    case 'StationDeleted':
      await client.query(`DELETE FROM ${modules} WHERE station_id = $1`, [event.data.stationId]);
      await client.query(`DELETE FROM ${attributes} WHERE station_id = $1`, [event.data.stationId]);
      await client.query(`DELETE FROM ${links} WHERE station_id = $1 OR other_station_id = $1`, [event.data.stationId]);
      return;
    case 'UserDeleted':
      await client.query(
        `DELETE FROM ${attributes} a USING ${table(stationsTable.name)} s WHERE s.id = a.station_id AND s.owner_id = $1`,
        [event.data.userId],
      );
      return;
    default:
      return;
  }
};

export const stationsProjection: Projection = {
  name: 'stations',
  handles,
  tables: [stationsTable, stationModulesTable, stationAttributesTable, stationLinksTable],
  async apply(events: readonly RecordedEvent[], ctx) {
    const all = events as readonly Handled[];
    await foldIntoRows<Row, RecordedEvent & StationEvent>(ctx.client, {
      table: ctx.table(stationsTable.name),
      key: 'id',
      events: all.filter((e): e is RecordedEvent & StationEvent => e.type !== 'UserDeleted'),
      keyOf: (e) => String(e.data.stationId),
      evolve,
    });
    for (const event of all) await applyToSideTables(event, ctx);
    // A deleted station leaves the table (so the lists, maps and the admin table): after the fold,
    // as a deleted project does, so a batch that registers and deletes one ends without it.
    const deleted = all.filter((e) => e.type === 'StationDeleted').map((e) => e.data.stationId);
    if (deleted.length > 0) await ctx.client.query(`DELETE FROM ${ctx.table(stationsTable.name)} WHERE id = ANY($1)`, [deleted]);
  },
};
