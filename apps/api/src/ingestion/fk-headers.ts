import { canonicalDeviceId, DomainError, type IngestionType } from '@groundtruth/domain';

/** Largest upload body accepted (413 beyond). A year of one-minute readings from a full station is about 30 MB. */
export const MAX_INGESTION_BYTES = 50 * 1024 * 1024;

export const INGESTION_CONTENT_TYPES = ['application/vnd.fk.data+binary', 'application/octet-stream'] as const;

const DEVICE_NAME_MAX = 255;

export type FkHeaders = {
  readonly contentType: string;
  readonly contentLength: number;
  /** Lowercase hex of the device id's bytes: the canonical form stations are registered and found under. */
  readonly deviceId: string;
  /** Lowercase hex of the generation's bytes. */
  readonly generation: string;
  readonly type: IngestionType;
  readonly blocks: readonly [number, number];
  readonly deviceName: string | null;
};

type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

const one = (headers: HeaderBag, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** Reads and checks the Fk-* headers of a station upload: a 400 listing every bad header, or a 413 (thrown by the caller) for size. */
export const parseFkHeaders = (headers: HeaderBag): FkHeaders => {
  const errors: Record<string, string> = {};
  const contentType = (one(headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(INGESTION_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    errors['Content-Type'] = `Must be ${INGESTION_CONTENT_TYPES.join(' or ')}.`;
  }
  const lengthText = one(headers, 'content-length');
  const contentLength = lengthText !== undefined && /^\d+$/.test(lengthText) ? Number(lengthText) : NaN;
  if (!(contentLength > 0)) errors['Content-Length'] = 'Must be given and more than 0.';

  const device = canonicalDeviceId(one(headers, 'fk-deviceid') ?? '');
  if (device === null) errors['Fk-DeviceId'] = 'Must be the device id in hex, base64 or UUID form.';
  // A generation id is spelled like a device id.
  const generation = canonicalDeviceId(one(headers, 'fk-generation') ?? '');
  if (generation === null) errors['Fk-Generation'] = 'Must be the generation id in hex, base64 or UUID form.';

  const typeText = (one(headers, 'fk-type') ?? '').trim().toLowerCase();
  if (typeText !== 'meta' && typeText !== 'data') errors['Fk-Type'] = 'Must be meta or data.';

  const blocksMatch = /^\s*(\d{1,15})\s*,\s*(\d{1,15})\s*$/.exec(one(headers, 'fk-blocks') ?? '');
  const blocks: [number, number] = blocksMatch ? [Number(blocksMatch[1]), Number(blocksMatch[2])] : [0, 0];
  if (!blocksMatch || blocks[0] > blocks[1]) errors['Fk-Blocks'] = 'Must be first,last record numbers with first <= last.';

  const nameText = one(headers, 'fk-devicename');
  const deviceName = nameText === undefined || nameText.trim() === '' ? null : nameText.trim();
  if (deviceName !== null && deviceName.length > DEVICE_NAME_MAX)
    errors['Fk-DeviceName'] = `At most ${DEVICE_NAME_MAX} characters.`;

  if (Object.keys(errors).length > 0 || device === null || generation === null) {
    throw DomainError.validation('INGESTION.BAD_HEADERS', errors, 'Some upload headers are missing or not valid.');
  }
  return {
    contentType,
    contentLength,
    deviceId: device,
    generation,
    type: typeText as IngestionType,
    blocks,
    deviceName,
  };
};
