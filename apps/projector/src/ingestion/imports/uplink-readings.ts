import { sensorByFullKey, type LorawanFieldMapping } from '@groundtruth/domain';
import { parseReadingTime, readingTimeProblem, TIME_FORMATS, type ReadingRow, type ReadingsOfFile } from '@groundtruth/platform';

type Context = { readonly stationId: number; readonly ingestionId: number; readonly version: number; readonly nowMs: number };

export type UplinkMapping = { readonly mapping: readonly LorawanFieldMapping[]; readonly timePath: string | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path (names, or indexes into arrays) of a JSON value; own properties only. */
export const valueAt = (root: unknown, path: string): unknown => {
  let value: unknown = root;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) value = /^\d+$/.test(segment) ? value[Number(segment)] : undefined;
    else if (isObject(value) && Object.hasOwn(value, segment)) value = value[segment];
    else return undefined;
  }
  return value;
};

const shown = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/**
 * The readings of one uplink (The Things Stack v3 JSON): each mapped field of `decoded_payload`
 * that holds a number becomes a reading of its sensor, filed under the station's flood module, at
 * the mapped time or else when the network received the uplink. The uplink is one record; a
 * missing decoded payload, an unreadable or out-of-range time, fields that are not numbers, or no
 * mapped field at all make it an error (the good fields still count).
 */
export const uplinkReadings = (
  message: unknown,
  { mapping, timePath }: UplinkMapping,
  moduleId: number | undefined,
  context: Context,
): ReadingsOfFile => {
  const out: ReadingsOfFile = {
    records: 1,
    errors: 0,
    problems: [],
    start: null,
    end: null,
    rows: [],
    battery: null,
    location: null,
  };
  const fail = (text: string): ReadingsOfFile => {
    out.errors = 1;
    out.problems.push(text);
    return out;
  };
  const uplink = isObject(message) ? message['uplink_message'] : undefined;
  if (!isObject(uplink)) return fail('The message is not an uplink.');
  const decoded = uplink['decoded_payload'];
  if (!isObject(decoded)) {
    return fail('The uplink has no decoded_payload: give the device a payload formatter in The Things Stack.');
  }
  if (moduleId === undefined) return fail('The station has no wh.floodnet module.');

  let timeMs: number | null;
  if (timePath !== null) {
    const raw = valueAt(decoded, timePath);
    if (raw === undefined || raw === null) return fail(`decoded_payload has no ${timePath} (the time).`);
    timeMs = typeof raw === 'string' || typeof raw === 'number' ? parseReadingTime(raw) : null;
    if (timeMs === null) return fail(`The time ${timePath} ${shown(raw)} is not ${TIME_FORMATS}.`);
  } else {
    const received = uplink['received_at'] ?? (isObject(message) ? message['received_at'] : undefined);
    if (typeof received !== 'string') return fail('The uplink has no received_at.');
    timeMs = parseReadingTime(received);
    if (timeMs === null) return fail(`received_at ${shown(received)} is not ${TIME_FORMATS}.`);
  }
  const late = readingTimeProblem(timeMs, context.nowMs);
  if (late) return fail(`The time ${late}.`);

  const time = new Date(timeMs).toISOString();
  const bad: string[] = [];
  for (const { path, sensor: key } of mapping) {
    const sensor = sensorByFullKey(key);
    const value = valueAt(decoded, path);
    if (value === undefined || value === null || !sensor) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      bad.push(`${path} ${shown(value)} is not a number`);
      continue;
    }
    out.rows.push({
      station_id: context.stationId,
      module_id: moduleId,
      sensor_id: sensor.id,
      time,
      value,
      ingestion_id: context.ingestionId,
      version: context.version,
    } satisfies ReadingRow);
  }
  if (out.rows.length > 0) out.start = out.end = timeMs;
  if (bad.length > 0) return fail(`${bad.join('; ')}.`);
  if (out.rows.length === 0) {
    return fail(`None of the mapped fields (${mapping.map((m) => m.path).join(', ')}) is in decoded_payload.`);
  }
  return out;
};
