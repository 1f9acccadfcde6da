import { ingestionDecider, ingestionStream, type IngestionCommand } from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 3, 1);
const meta = (userId: number) => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId, now: new Date(clock).toISOString() };
};

/**
 * Station uploads through the real decider: a meta and two data uploads per station, each processed,
 * every third data upload processed again (a higher version), every fifth never processed. The
 * second data upload holds older readings (a backlog sent late) with another battery; even
 * stations' meta uploads name a firmware (before that field existed, odd ones' do not).
 */
export const appendIngestionHistory = async (store: EventStore, options: { stations: number; firstId?: number }) => {
  let ingestionId = (options.firstId ?? 1) * 1000;
  for (let stationId = 1; stationId <= options.stations; stationId++) {
    for (const [upload, type] of (['meta', 'data', 'data'] as const).entries()) {
      ingestionId += 1;
      const backlog = upload === 2;
      const day = backlog ? '2023-12-31' : `2024-01-${String(stationId).padStart(2, '0')}`;
      const run = (command: IngestionCommand) =>
        decideAndAppend(store, ingestionDecider, ingestionStream(ingestionId), command, meta(stationId));
      await run({
        type: 'ReceiveIngestion',
        data: {
          ingestionId,
          stationId,
          deviceId: stationId.toString(16).padStart(16, '0'),
          generation: 'a1b2c3d4',
          type,
          size: 100 + ingestionId,
          blocks: [1, 10],
          contentType: 'application/vnd.fk.data+binary',
          deviceName: stationId % 2 === 0 ? `Station ${stationId}` : null,
          blobKey: `uploads/${stationId}/${ingestionId}.${type}`,
        },
      });
      if (type === 'data' && stationId % 5 === 0) continue;
      const times = type === 'data' && stationId % 3 === 0 ? 2 : 1;
      for (let version = 1; version <= times; version++) {
        await run({
          type: 'RecordIngestionProcessed',
          data: {
            ingestionId,
            version,
            records: 10,
            readings: type === 'data' ? 30 : 0,
            errors: version === 1 ? 1 : 0,
            problems: version === 1 ? ['Record 3: its meta record 9 is unknown.'] : [],
            start: type === 'data' ? `${day}T00:00:00.000Z` : null,
            end: type === 'data' ? `${day}T00:09:00.000Z` : null,
            battery: type === 'data' ? (backlog ? 20 : 80 - stationId - version) : null,
            location: type === 'data' ? { longitude: -73.9, latitude: 40.7 } : null,
            ...(type === 'meta' && stationId % 2 === 0
              ? { firmware: { version: `1.${stationId}`, build: `b${version}`, number: String(100 + stationId) } }
              : {}),
          },
        });
      }
    }
  }
};
