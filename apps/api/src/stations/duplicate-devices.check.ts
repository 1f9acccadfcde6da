import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { duplicateDevices } from '@groundtruth/domain';
import { LOGGER, PG_POOL, type Logger, type PgPool } from '@groundtruth/platform';

export type DuplicateDevice = { deviceId: string; stationIds: number[] };

/**
 * Before device ids were canonical, one device could be registered once per spelling (hex in
 * either case, base64): several stations for one device. Nothing merges them (whose readings,
 * name and projects win is a person's call); on start this names each such device and its
 * stations in the log, once. Uploads go to the oldest of them.
 */
@Injectable()
export class DuplicateDevicesCheck implements OnApplicationBootstrap {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the answer only goes to the log, and start-up need not wait for it.
    void this.run().catch((err: unknown) => this.log.warn({ err }, 'could not check for duplicate device ids'));
  }

  /** The duplicates, from the device claims and the stations read model (either may miss some). */
  async run(): Promise<DuplicateDevice[]> {
    const pairs = await this.pool
      .query<{ station_id: string; device_id: string }>(
        `SELECT station_id, device_id FROM gt_station_device_claims
         UNION SELECT id, device_id FROM stations`,
      )
      .catch(async (error: { code?: string }) => {
        // No read model yet (a projector that has not built it): the claims alone.
        if (error.code !== '42P01') throw error;
        return this.pool.query<{ station_id: string; device_id: string }>(
          'SELECT station_id, device_id FROM gt_station_device_claims',
        );
      });
    const duplicates = duplicateDevices(pairs.rows.map((r) => ({ stationId: Number(r.station_id), deviceId: r.device_id })));
    for (const d of duplicates) {
      this.log.warn(
        { deviceId: d.deviceId, stationIds: d.stationIds },
        `device ${d.deviceId} is registered as ${d.stationIds.length} stations (${d.stationIds.join(', ')}), ` +
          `each under another spelling of its id; uploads go to station ${d.stationIds[0]}. Merge or remove the others by hand.`,
      );
    }
    return duplicates;
  }
}
