import { stationDecider, stationStream, type StationCommand, type StationModuleConfig } from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 3, 1);
const meta = (userId: number) => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId, now: new Date(clock).toISOString() };
};

const moduleOf = (moduleId: number, name: string, position: number, hardwareId: string | null): StationModuleConfig => ({
  moduleId,
  hardwareId,
  name,
  position,
  internal: name === 'modules.diagnostics',
  sensors: [
    { name: `${name.split('.').pop()}_a`, unitOfMeasure: 'u', order: 0 },
    { name: `${name.split('.').pop()}_b`, unitOfMeasure: '', order: 1 },
  ],
});

/**
 * Stations through the real decider: registered with modules, renamed, described, hidden,
 * deployed and moved, attributes set and cleared (sealed with the owner's key, so owners whose
 * account was deleted replay without them), modules reconfigured (one kept by hardware id, one
 * dropped, one new) and labelled, manual links made and undone.
 */
export const appendStationHistory = async (
  store: EventStore,
  options: { stations: number; owners: number; firstId?: number },
) => {
  const first = options.firstId ?? 1;
  for (let stationId = first; stationId < first + options.stations; stationId++) {
    const owner = 1 + (stationId % options.owners);
    const run = (command: StationCommand) =>
      decideAndAppend(store, stationDecider, stationStream(stationId), command, meta(owner));
    const m = stationId * 10;
    await run({
      type: 'RegisterStation',
      data: {
        stationId,
        deviceId: stationId.toString(16).padStart(16, '0'),
        name: `Station ${stationId}`,
        locationName: stationId % 2 ? `Place ${stationId}` : null,
        modules: [moduleOf(m, 'modules.diagnostics', 0, null), moduleOf(m + 1, 'modules.water.ph', 1, `hw-${stationId}`)],
      },
    });
    await run({ type: 'LabelStationModule', data: { stationId, moduleId: m + 1, label: `pH ${stationId}` } });
    await run({
      type: 'UpdateStation',
      data: {
        stationId,
        details: { description: `About ${stationId}`, hidden: stationId % 4 === 0 },
        deployment: {
          location: { latitude: 40 + stationId / 1000, longitude: -74 + stationId / 1000 },
          deployedAt: new Date(Date.UTC(2026, 2, stationId % 28)).toISOString(),
        },
        attributes: { Neighborhood: `Hood ${stationId}`, 'Deployed By': `Person ${owner}` },
      },
    });
    if (stationId % 3 === 0) {
      await run({
        type: 'ConfigureStationModules',
        data: {
          stationId,
          modules: [moduleOf(m + 5, 'modules.water.ph', 2, `hw-${stationId}`), moduleOf(m + 6, 'modules.weather', 3, null)],
        },
      });
      await run({ type: 'UpdateStation', data: { stationId, attributes: { 'Deployed By': null, Borough: 'Queens' } } });
      await run({
        type: 'UpdateStation',
        data: {
          stationId,
          details: { name: `Station ${stationId} moved` },
          deployment: { location: { latitude: 41, longitude: -73 }, deployedAt: '2026-04-01T00:00:00Z', locationName: 'Moved' },
        },
      });
    }
    if (stationId > first) {
      await run({ type: 'LinkStation', data: { stationId, otherStationId: stationId - 1 } });
      if (stationId % 2 === 0) await run({ type: 'LinkStation', data: { stationId, otherStationId: first } });
      if (stationId % 5 === 0) await run({ type: 'UnlinkStation', data: { stationId, otherStationId: stationId - 1 } });
    }
  }
};
