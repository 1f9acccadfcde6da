import { Injectable } from '@nestjs/common';
import { can, type Actor } from '@groundtruth/domain';
import { AnswerCache } from '../common/cache/answer-cache.js';
import { ReadYourWrites } from '../common/cqrs/read-your-writes.js';
import { ReadModels } from '../read-models/read-models.js';
import {
  askerKey,
  readableStationParams,
  readableStationSql,
  stationAccessColumnsSql,
  toStationResource,
  type StationAccessRow,
} from '../access/index.js';

/** Stations of the answers kept, all askers together. */
const KEPT_STATIONS = 200_000;

export type ReadableStation = {
  readonly id: number;
  readonly name: string;
  readonly access: 'public' | 'own' | 'project' | 'admin';
};

/**
 * The stations an analysis query may see: those the one permission policy (`station.read`) lets the
 * asker read (public, their own, their projects'; every one for a site admin), from the read models.
 * The SQL filter only narrows what is loaded; each row still passes the policy itself.
 */
@Injectable()
export class ReadableStations {
  /** Per asker, while the read models have not moved (a membership, a project's privacy, an owner change them). */
  private readonly kept = new AnswerCache<ReadableStation[]>(KEPT_STATIONS);

  constructor(
    private readonly readModels: ReadModels,
    private readonly readModelsVersion: ReadYourWrites,
  ) {}

  async of(actor: Actor): Promise<ReadableStation[]> {
    // Taken before reading: a change meanwhile leaves an entry no one uses.
    const version = this.readModelsVersion.readModelsVersion();
    const key = askerKey(actor);
    const kept = version === null ? undefined : this.kept.get(key, version);
    if (kept) return kept;
    const stations = await this.load(actor);
    if (version !== null) this.kept.set(key, version, stations, stations.length);
    return stations;
  }

  private async load(actor: Actor): Promise<ReadableStation[]> {
    const { all, userId } = readableStationParams(actor);
    const rows = await this.readModels.rows<StationAccessRow & { id: string; name: string }>(
      `SELECT s.id, s.name, s.owner_id, ${stationAccessColumnsSql('s', 1)} FROM stations s
        WHERE ${all ? 'TRUE' : readableStationSql('s', 1)} ORDER BY s.id`,
      [userId],
    );
    return rows.flatMap((row) => {
      const resource = toStationResource(row, actor);
      if (!can(actor, 'station.read', resource)) return [];
      const access = resource.isOwner
        ? 'own'
        : resource.projectRole !== null
          ? 'project'
          : resource.isPublic
            ? 'public'
            : 'admin';
      return [{ id: Number(row.id), name: row.name, access }];
    });
  }
}
