import { DEFAULT_SITE, sensorByFullKey, simulateStation } from '@groundtruth/domain';
import { decodeDataFile, decodeMetaFile, collectMetaModules, readingsOf, type ReadingRow } from '@groundtruth/platform';
import { dataFile, metaFile, modulesOfKind, moduleInfos, STATION_KINDS, type SimulatedStation } from './station-files.js';

const MINUTE = 60_000;
const start = Date.UTC(2025, 3, 1);
const station = (kind: (typeof STATION_KINDS)[number]): SimulatedStation => ({
  deviceId: Uint8Array.from(Buffer.from('0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'hex')),
  generation: Uint8Array.from(Buffer.from('00112233445566778899aabbccddeeff', 'hex')),
  modules: modulesOfKind(kind),
  seed: `sim-${kind}`,
  site: DEFAULT_SITE,
});

describe('simulated station files', () => {
  it.each(STATION_KINDS)('%s: the ingestion reader finds every simulated reading under its catalogue sensor', (kind) => {
    const simulatedStation = station(kind);
    const metas = new Map();
    collectMetaModules(decodeMetaFile(metaFile(simulatedStation, start)), metas);
    const stationModules = moduleInfos(simulatedStation).map((info, i) => ({
      moduleId: 100 + i,
      hardwareId: Buffer.from(info.id).toString('hex'),
      position: info.position,
    }));
    const upload = dataFile(simulatedStation, start, start + 30 * MINUTE, MINUTE);
    expect(upload.records).toBe(30);
    expect(upload.blocks).toEqual([start / MINUTE, start / MINUTE + 29]);
    const decoded = decodeDataFile(upload.body);
    expect(decoded.streamError ?? null).toBeNull();
    const read = readingsOf(decoded, metas, stationModules, { stationId: 7, ingestionId: 1, version: 1, nowMs: Date.now() });
    expect(read.problems).toEqual([]);
    expect(read.errors).toBe(0);
    expect(read.rows).toHaveLength(upload.readings);
    expect(read.location).toEqual({
      longitude: Math.fround(DEFAULT_SITE.longitude),
      latitude: Math.fround(DEFAULT_SITE.latitude),
    });

    // Values arrive as the float32 the wire carries, under the module and sensor simulated.
    const expected = simulateStation(
      simulatedStation.modules,
      { start, end: start + 30 * MINUTE, step: MINUTE },
      { seed: simulatedStation.seed, site: simulatedStation.site },
    );
    const byKey = new Map<string, ReadingRow>(read.rows.map((row) => [`${row.module_id}/${row.sensor_id}/${row.time}`, row]));
    expected.forEach((module, position) => {
      for (const { sensor, values } of module.sensors) {
        expect(sensorByFullKey(sensor.fullKey)).toBeDefined();
        values.forEach((value, i) => {
          const row = byKey.get(`${100 + position}/${sensor.id}/${new Date(module.times[i]!).toISOString()}`);
          expect(row?.value).toBe(Math.fround(value));
        });
      }
    });
  });
});
