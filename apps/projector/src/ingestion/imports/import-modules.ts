import { Inject, Injectable } from '@nestjs/common';
import {
  fold,
  MODULE_DEFINITIONS,
  moduleKeyOfName,
  moduleNameOf,
  sensorById,
  stationDecider,
  stationStream,
  type StationEvent,
  type StationModuleConfig,
} from '@groundtruth/domain';
import {
  CLICKHOUSE,
  EVENT_STORE,
  ID_ALLOCATOR,
  importModuleHardwareId,
  type ClickHouse,
  type EventStore,
  type IdAllocator,
} from '@groundtruth/platform';
import { IngestionAppends, processingMetadata } from '../ingestion-appends.js';

/** A station module of a catalogue definition (the newest with that key), as a configuration entry. */
export const importModuleConfig = (moduleKey: string, moduleId: number, position: number): StationModuleConfig => {
  const definition = MODULE_DEFINITIONS.filter((m) => m.key === moduleKey).at(-1);
  if (!definition) throw new Error(`No module definition ${moduleKey}`);
  return {
    moduleId,
    hardwareId: importModuleHardwareId(moduleKey),
    name: moduleNameOf(moduleKey),
    position,
    internal: definition.internal,
    sensors: definition.sensors.map((s, order) => ({ name: s.key, unitOfMeasure: s.unitOfMeasure, order })),
  };
};

/**
 * Which station module readings of each catalogue module go to, for imports and webhooks. A module
 * the station has (by its name: `modules.water.temp` is `fk.water.temp`) is used; one it lacks is
 * added (the station decider's ConfigureStationModules), keeping the others. Processing an ingestion again keeps the
 * module its readings went to before (so they are replaced, not doubled), and when that module
 * was taken off the station meanwhile, it comes back under the same id.
 */
@Injectable()
export class ImportModules {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly appends: IngestionAppends,
  ) {}

  async moduleIds(
    stationId: number,
    moduleKeys: readonly string[],
    ingestion: { readonly id: number; readonly processedBefore: boolean },
    userId: number | null,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const state = await this.state(stationId);
    if (state.status !== 'active') return ids;
    const before = ingestion.processedBefore ? await this.earlierModules(stationId, ingestion.id) : new Map<string, number>();
    const missing: string[] = [];
    for (const key of new Set(moduleKeys)) {
      const candidates = state.modules.filter((m) => moduleKeyOfName(m.name) === key);
      const chosen = candidates.find((m) => m.moduleId === before.get(key)) ?? candidates[0];
      if (chosen) ids.set(key, chosen.moduleId);
      else missing.push(key);
    }
    if (missing.length === 0) return ids;

    const kept: StationModuleConfig[] = state.modules.map(({ label: _label, ...config }) => config);
    const taken = new Set(kept.map((m) => m.moduleId));
    let position = Math.max(-1, ...kept.map((m) => m.position)) + 1;
    const added: StationModuleConfig[] = [];
    for (const key of missing) {
      const earlier = before.get(key);
      const moduleId = earlier !== undefined && !taken.has(earlier) ? earlier : await this.ids.next('station_module');
      added.push(importModuleConfig(key, moduleId, position++));
    }
    await this.appends.decide(
      stationDecider,
      stationStream(stationId),
      { type: 'ConfigureStationModules', data: { stationId, modules: [...kept, ...added] } },
      processingMetadata(userId),
    );
    // Read back: the decider keeps the id of a module it knew by hardware id (someone was quicker).
    const now = await this.state(stationId);
    for (const key of missing) {
      const hardwareId = importModuleHardwareId(key);
      const module = now.status === 'active' ? now.modules.find((m) => m.hardwareId === hardwareId) : undefined;
      if (module) ids.set(key, module.moduleId);
    }
    return ids;
  }

  private async state(stationId: number) {
    return fold(stationDecider, (await this.store.readStream(stationStream(stationId))) as unknown as StationEvent[]);
  }

  /** The module each catalogue module's readings of this ingestion went to when it was processed before. */
  private async earlierModules(stationId: number, ingestionId: number): Promise<Map<string, number>> {
    const result = await this.clickhouse.client.query({
      query: `SELECT sensor_id, any(module_id) AS module_id FROM readings
               WHERE station_id = {station:UInt32} AND ingestion_id = {ingestion:UInt64} GROUP BY sensor_id`,
      query_params: { station: stationId, ingestion: ingestionId },
      format: 'JSONEachRow',
    });
    const modules = new Map<string, number>();
    for (const row of await result.json<{ sensor_id: number; module_id: number }>()) {
      const key = sensorById(Number(row.sensor_id))?.moduleKey;
      if (key !== undefined) modules.set(key, Number(row.module_id));
    }
    return modules;
  }
}
