// The stations the map and console benchmarks seed (bench:maps, bench:admin): registered and deployed
// by the product's own commands through the command bus (as the demo seeder does: through HTTP each
// command would also wait for the projections), at repeatable places spread over the continental
// United States, denser around a few cities.
import { commandMetadata } from '../../apps/api/dist/common/cqrs/command-metadata.js';
import { RegisterStationCommand } from '../../apps/api/dist/stations/commands/register-station/register-station.command.js';
import {
  UpdateStationCommand,
  updateStationInput,
} from '../../apps/api/dist/stations/commands/update-station/update-station.command.js';

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const CITIES = [
  [-74.0, 40.7],
  [-87.6, 41.9],
  [-118.2, 34.0],
  [-106.6, 35.1],
  [-122.4, 37.8],
];

/** The n-th station's place: one in three near a city, the others anywhere in the lower 48. */
export const benchPlace = (n) => {
  if (n % 3 === 0) {
    const [lng, lat] = CITIES[n % CITIES.length];
    return { longitude: lng + (random() - 0.5) * 0.6, latitude: lat + (random() - 0.5) * 0.4 };
  }
  return { longitude: -124 + random() * 57, latitude: 25 + random() * 24 };
};

/** Runs `task(i)` for 0 ≤ i < count, `concurrency` at a time. */
export const inParallel = async (count, concurrency, task) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await task(i);
      }
    }),
  );
};

/**
 * `count` stations of `userId`, each registered and deployed; answers their ids by n. The commands
 * do not wait for the projections: the caller waits for its own read to show them.
 */
export const seedBenchStations = async (bus, userId, { count, concurrency, log = console.log }) => {
  const ids = [];
  const started = Date.now();
  await inParallel(count, concurrency, async (n) => {
    const deviceId = (0xbe_0000_0000 + n).toString(16).padStart(16, '0');
    const { stationId } = await bus.execute(
      new RegisterStationCommand({ deviceId, name: `Bench station ${n}` }, commandMetadata(userId)),
    );
    await bus.execute(
      new UpdateStationCommand(
        updateStationInput(stationId, { location: benchPlace(n), deployedAt: '2026-01-01T00:00:00.000Z' }),
        null,
        commandMetadata(userId),
      ),
    );
    ids[n] = stationId;
    if ((n + 1) % 1000 === 0)
      log(`  seeded ${(n + 1).toLocaleString('en-US')} stations (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  });
  return ids;
};
