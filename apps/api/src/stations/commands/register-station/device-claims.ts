import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type PgPool } from '@groundtruth/platform';

export type DeviceClaim = { readonly stationId: number; readonly ownerId: number };

/**
 * One live station per device id. The log cannot check uniqueness across streams, so a device id
 * is claimed in a unique table (migration 005) before the registering event is appended (as
 * e-mail addresses are), and given back if the append fails.
 */
@Injectable()
export class DeviceClaims {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  /**
   * The station holding this device id, if any. A station the read model knows but the claims do
   * not (a database rebuilt from the log) is claimed for it on the way.
   */
  async holder(deviceId: string): Promise<DeviceClaim | null> {
    const r = await this.pool.query<{ station_id: string; owner_id: string }>(
      'SELECT station_id, owner_id FROM gt_station_device_claims WHERE device_id = $1',
      [deviceId],
    );
    const row = r.rows[0];
    if (row) return { stationId: Number(row.station_id), ownerId: Number(row.owner_id) };
    const known = await this.pool
      .query<{ id: string; owner_id: string }>('SELECT id, owner_id FROM stations WHERE device_id = $1 ORDER BY id LIMIT 1', [
        deviceId,
      ])
      .catch((error: { code?: string }) => {
        // No read model yet (a projector that has not started): no station to know of.
        if (error.code === '42P01') return { rows: [] as { id: string; owner_id: string }[] };
        throw error;
      });
    const station = known.rows[0];
    return station ? this.claim(deviceId, { stationId: Number(station.id), ownerId: Number(station.owner_id) }) : null;
  }

  /** Claims the device id for a new station; answers the holder instead when someone was first. */
  async claim(deviceId: string, claim: DeviceClaim): Promise<DeviceClaim> {
    const r = await this.pool.query(
      `INSERT INTO gt_station_device_claims (device_id, station_id, owner_id) VALUES ($1, $2, $3) ON CONFLICT (device_id) DO NOTHING`,
      [deviceId, claim.stationId, claim.ownerId],
    );
    if (r.rowCount === 1) return claim;
    return (await this.holder(deviceId)) ?? this.claim(deviceId, claim);
  }

  async release(deviceId: string, stationId: number): Promise<void> {
    await this.pool.query('DELETE FROM gt_station_device_claims WHERE device_id = $1 AND station_id = $2', [deviceId, stationId]);
  }

  /** The station changed hands: its device's claim follows it. */
  /** A deleted station's device is free again. */
  async releaseStation(stationId: number): Promise<void> {
    await this.pool.query('DELETE FROM gt_station_device_claims WHERE station_id = $1', [stationId]);
  }

  async transfer(stationId: number, ownerId: number): Promise<void> {
    await this.pool.query('UPDATE gt_station_device_claims SET owner_id = $2 WHERE station_id = $1', [stationId, ownerId]);
  }
}
