import { DomainError, type IngestionType } from '@groundtruth/domain';

/** Largest upload body accepted (413 beyond). A year of one-minute readings from a full station is about 30 MB. */
export const MAX_INGESTION_BYTES = 50 * 1024 * 1024;

export const INGESTION_CONTENT_TYPES = ['application/vnd.fk.data+binary', 'application/octet-stream'] as const;

const DEVICE_NAME_MAX = 255;

export type FkHeaders = {
  readonly contentType: string;
  readonly contentLength: number;
  /** Lowercase hex of the device id's bytes. */
  readonly deviceId: string;
  /** How the station may have been registered: the header's text, the hex and the base64 of its bytes. */
  readonly deviceIdForms: readonly string[];
  /** Lowercase hex of the generation's bytes. */
  readonly generation: string;
  readonly type: IngestionType;
  readonly blocks: readonly [number, number];
  readonly deviceName: string | null;
};

type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Bytes of an id sent as UUID text, hex or base64 (standard or URL-safe), tried in that order
 * (an even-length hex string is read as hex). Null when it is none of them.
 */
export const idBytes = (text: string): Buffer | null => {
  const t = text.trim();
  if (t.length === 0 || t.length > 512) return null;
  if (UUID.test(t)) return Buffer.from(t.replace(/-/g, ''), 'hex');
  if (HEX.test(t)) return Buffer.from(t, 'hex');
  if (BASE64.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length > 0 ? bytes : null;
  }
  return null;
};

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

  const deviceText = one(headers, 'fk-deviceid')?.trim() ?? '';
  const device = idBytes(deviceText);
  if (device === null) errors['Fk-DeviceId'] = 'Must be the device id in hex, base64 or UUID form.';
  const generation = idBytes(one(headers, 'fk-generation') ?? '');
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
  const hex = device.toString('hex');
  return {
    contentType,
    contentLength,
    deviceId: hex,
    deviceIdForms: [...new Set([deviceText, hex, device.toString('base64')])],
    generation: generation.toString('hex'),
    type: typeText as IngestionType,
    blocks,
    deviceName,
  };
};
