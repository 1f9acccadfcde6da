import { parseArgs } from 'node:util';
import { DEFAULT_SITE } from '@groundtruth/domain';
import { STATION_KINDS, type StationKind } from './station-files.js';
import { uploadSimulatedStation } from './upload-station.js';

/**
 * `npm run simulate -- --api <url> --token <t> --device <hex> [--days N] [--kind water|weather|distance|flood|testing]
 * [--name <station name>] [--step <seconds>] [--chunk-days N] [--latitude L --longitude L] [--seed S]`:
 * registers the station (or finds it), then uploads a meta file and the last N days of simulated
 * readings, up to now, as protobuf data files through the real POST /api/ingestion.
 */
const usage =
  'usage: npm run simulate -- --api <url> --token <token> --device <hex device id> [--days 7] [--kind water|weather|distance|flood|testing] [--name <name>] [--step 60] [--chunk-days 7] [--latitude 40.7 --longitude -74] [--seed <text>]\n';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(2);
};

const { values: args } = parseArgs({
  options: {
    api: { type: 'string' },
    token: { type: 'string' },
    device: { type: 'string' },
    days: { type: 'string', default: '7' },
    kind: { type: 'string', default: 'water' },
    name: { type: 'string' },
    step: { type: 'string', default: '60' },
    'chunk-days': { type: 'string', default: '7' },
    latitude: { type: 'string' },
    longitude: { type: 'string' },
    seed: { type: 'string' },
  },
});

const positive = (name: string, text: string | undefined): number => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fail(`--${name} must be a positive number`);
};
const deviceHex = (args.device ?? fail('--device is required')).toLowerCase();
if (!/^([0-9a-f]{2}){4,32}$/.test(deviceHex)) fail('--device must be the device id in hex (8 to 64 digits)');
const kind = STATION_KINDS.includes(args.kind as StationKind) ? (args.kind as StationKind) : fail(`unknown --kind ${args.kind}`);
const site = {
  latitude: args.latitude !== undefined ? Number(args.latitude) : DEFAULT_SITE.latitude,
  longitude: args.longitude !== undefined ? Number(args.longitude) : DEFAULT_SITE.longitude,
};
if (!(Math.abs(site.latitude) <= 90 && Math.abs(site.longitude) <= 180)) fail('--latitude/--longitude are out of range');

try {
  const summary = await uploadSimulatedStation({
    api: args.api ?? fail('--api is required'),
    token: args.token ?? fail('--token is required'),
    deviceHex,
    kind,
    name: args.name ?? `Simulated ${kind} station`,
    days: positive('days', args.days),
    stepMs: positive('step', args.step) * 1000,
    chunkDays: positive('chunk-days', args['chunk-days']),
    site,
    ...(args.seed !== undefined ? { seed: args.seed } : {}),
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `station ${summary.stationId}: ${summary.readings} readings in ${summary.records} records, ${summary.uploads} uploads\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
