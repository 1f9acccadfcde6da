/**
 * A device id is bytes (FieldKit's `Metadata.deviceId`, a LoRaWAN DevEUI). Stations and phones
 * spell them as hex in either case, base64 (standard or URL-safe) or UUID text; the same device
 * must be one station however it is spelled. So every path that takes a device id (registration,
 * the uniqueness claim, upload headers, lookups) reads it through `canonicalDeviceId` and keeps
 * the lowercase hex of its bytes.
 */

/** Longest device id text read (a UUID is 36, 64 bytes of hex 128). */
export const DEVICE_ID_TEXT_MAX = 512;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Lowercase hex of base64 text, or null when it is not the one canonical spelling of some bytes
 * (a length no encoder writes, bits left over, wrong padding): a lenient decoder maps several
 * spellings to the same bytes, which is the very thing canonical ids avoid.
 */
const base64Hex = (text: string): string | null => {
  const body = text.replace(/=+$/, '');
  const padding = text.length - body.length;
  if (body.length % 4 === 1) return null;
  if (padding > 0 && text.length % 4 !== 0) return null;
  let bits = 0;
  let value = 0;
  let hex = '';
  for (const ch of body.replace(/-/g, '+').replace(/_/g, '/')) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      hex += ((value >> bits) & 0xff).toString(16).padStart(2, '0');
      value &= (1 << bits) - 1;
    }
  }
  if (value !== 0 || hex.length === 0) return null;
  return hex;
};

/**
 * The device id's bytes as lowercase hex, from UUID text, hex (an even number of digits, either
 * case) or base64, tried in that order; null when the text is none of them.
 */
export const canonicalDeviceId = (text: string): string | null => {
  const t = text.trim();
  if (t.length === 0 || t.length > DEVICE_ID_TEXT_MAX) return null;
  if (UUID.test(t)) return t.replace(/-/g, '').toLowerCase();
  if (HEX.test(t)) return t.toLowerCase();
  if (BASE64.test(t)) return base64Hex(t);
  return null;
};

/**
 * The key a device id is stored and looked up under: its canonical form, or for a station
 * registered before device ids were canonical with text that is no spelling of bytes, that text
 * (trimmed) so the station stays reachable. New registrations need a canonical id.
 */
export const deviceIdKey = (text: string): string => canonicalDeviceId(text) ?? text.trim();

/**
 * Stations that share one device id under different spellings (registered before ids were
 * canonical): grouped by the canonical id, only groups of two or more stations, each by station id
 * (a station listed twice, say by the claims and the read model, counts once).
 */
export const duplicateDevices = (
  stations: readonly { readonly stationId: number; readonly deviceId: string }[],
): { deviceId: string; stationIds: number[] }[] => {
  const groups = new Map<string, Set<number>>();
  for (const s of stations) {
    const key = deviceIdKey(s.deviceId);
    groups.set(key, (groups.get(key) ?? new Set()).add(s.stationId));
  }
  return [...groups.entries()]
    .filter(([, ids]) => ids.size > 1)
    .map(([deviceId, ids]) => ({ deviceId, stationIds: [...ids].sort((a, b) => a - b) }))
    .sort((a, b) => a.stationIds[0]! - b.stationIds[0]!);
};
