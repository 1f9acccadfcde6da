import { createHash } from 'node:crypto';
import type { SimulationSite } from '@groundtruth/domain';
import { untilProcessedOverHttp } from '@groundtruth/contracts';
import { dataFile, metaFile, modulesOfKind, type SimulatedStation, type StationKind } from './station-files.js';

const DAY = 86_400_000;
const PROCESSING_TIMEOUT_MS = 600_000;

export type UploadOptions = {
  /** The API's origin, e.g. http://localhost:3000. */
  readonly api: string;
  /** A bearer token of the account that owns (or will own) the station. */
  readonly token: string;
  /** The device id in hex. */
  readonly deviceHex: string;
  readonly kind: StationKind;
  readonly name: string;
  /** Days of readings up to `end`. */
  readonly days: number;
  readonly stepMs: number;
  /** Days per data upload. */
  readonly chunkDays: number;
  readonly site: SimulationSite;
  /** The readings' seed; the device id by default. */
  readonly seed?: string;
  /** The last reading's time, ms (now by default; readings in the future are refused). */
  readonly end?: number;
  readonly progress?: (line: string) => void;
  /** Upload the newest days first (the demo seed: recent charts fill in first). */
  readonly newestFirst?: boolean;
  /** How long to wait for the uploads to be processed once sent (10 minutes by default). */
  readonly processingTimeoutMs?: number;
  /** Stops between uploads when aborted (the product shutting down under the demo seed). */
  readonly signal?: AbortSignal;
};

export type UploadSummary = {
  readonly stationId: number;
  readonly uploads: number;
  readonly records: number;
  readonly readings: number;
  readonly start: number;
  readonly end: number;
};

/** The simulated station a device id stands for: its generation is derived from the id, so reruns share it. */
export function simulatedStation(options: Pick<UploadOptions, 'deviceHex' | 'kind' | 'site' | 'seed'>): SimulatedStation {
  const deviceHex = options.deviceHex.toLowerCase();
  return {
    deviceId: Uint8Array.from(Buffer.from(deviceHex, 'hex')),
    generation: Uint8Array.from(createHash('sha256').update(`generation:${deviceHex}`).digest().subarray(0, 16)),
    modules: modulesOfKind(options.kind),
    seed: options.seed ?? deviceHex,
    site: options.site,
  };
}

/**
 * Registers the station (registering one's own device again answers the same station), uploads
 * its meta file, then the readings of the last `days` days as data files through the real
 * POST /api/ingestion, `chunkDays` per upload.
 */
export async function uploadSimulatedStation(options: UploadOptions): Promise<UploadSummary> {
  const api = options.api.replace(/\/+$/, '');
  const station = simulatedStation(options);
  const deviceHex = options.deviceHex.toLowerCase();

  const call = async (path: string, method: string, headers: Record<string, string>, body: string | Uint8Array) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.token}`, ...headers },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text.length > 0 ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const upload = (type: 'meta' | 'data', body: Uint8Array, blocks: readonly [number, number]) =>
    call(
      '/api/ingestion',
      'POST',
      {
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': deviceHex,
        'fk-generation': Buffer.from(station.generation).toString('hex'),
        'fk-type': type,
        'fk-blocks': `${blocks[0]},${blocks[1]}`,
        'fk-devicename': options.name,
      },
      body,
    );

  const registered = await call(
    '/api/stations',
    'POST',
    { 'content-type': 'application/json' },
    JSON.stringify({ deviceId: deviceHex, name: options.name }),
  );
  const stationId = Number(registered['id']);

  const step = options.stepMs;
  const end = Math.floor((options.end ?? Date.now()) / step) * step + step;
  const start = end - Math.round((options.days * DAY) / step) * step;
  const ids: number[] = [];
  const sent = async (receipt: Promise<Record<string, unknown>>) => {
    const answer = await receipt;
    ids.push(Number(answer['id']));
    return answer;
  };
  await sent(upload('meta', metaFile(station, start), [1, 1]));
  let uploads = 1;
  let records = 0;
  let readings = 0;
  // Whole steps per upload: a chunk of 0.3 days in ten-minute steps would put every later upload's
  // records off the grid of the first (and some twice into neighbouring buckets).
  const chunk = Math.max(1, Math.round((options.chunkDays * DAY) / step)) * step;
  const starts: number[] = [];
  for (let from = start; from < end; from += chunk) starts.push(from);
  if (options.newestFirst) starts.reverse();
  for (const from of starts) {
    options.signal?.throwIfAborted();
    const file = dataFile(station, from, Math.min(end, from + chunk), step);
    const receipt = await sent(upload('data', file.body, file.blocks));
    uploads += 1;
    records += file.records;
    readings += file.readings;
    options.progress?.(
      `${new Date(from).toISOString()}: ${file.records} records, ${file.readings} readings, ${file.body.length} bytes → ${JSON.stringify(receipt)}`,
    );
  }
  // Uploads are answered once stored; their readings are queryable once processed.
  const { done, states } = await untilProcessedOverHttp(api, options.token, ids, {
    timeoutMs: options.processingTimeoutMs ?? PROCESSING_TIMEOUT_MS,
    pollMs: 100,
    signal: options.signal,
  });
  if (!done) {
    const open = states.filter((s) => s.state !== 'processed' && s.state !== 'failed');
    throw new Error(`${open.length} of ${ids.length} uploads were not processed in time: ${JSON.stringify(open.slice(0, 3))}`);
  }
  return { stationId, uploads, records, readings, start, end: end - step };
}
