import { canonicalDeviceId, deviceIdKey, duplicateDevices } from './device-id.js';

describe('canonicalDeviceId', () => {
  it('reads hex in either case, base64 (standard or URL-safe) and UUID text as the same bytes', () => {
    const hex = '0004a30b001c1a01';
    for (const spelling of [hex, hex.toUpperCase(), ` ${hex} `, 'AASjCwAcGgE=', 'AASjCwAcGgE']) {
      expect(canonicalDeviceId(spelling)).toBe(hex);
    }
    expect(canonicalDeviceId('+/+/')).toBe('fbffbf');
    expect(canonicalDeviceId('-_-_')).toBe('fbffbf');
    expect(canonicalDeviceId('0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9')).toBe('0a1b2c3d4e5f60718293a4b5c6d7e8f9');
  });

  it('refuses text that is no canonical spelling of bytes', () => {
    for (const text of [
      '',
      '   ',
      'dev-1',
      'has spaces',
      'abc12',
      'q8F=',
      'q8Ek=',
      'AASjCwAcGgE==',
      'A',
      '€€',
      'a'.repeat(514),
    ]) {
      expect({ text, id: canonicalDeviceId(text) }).toEqual({ text, id: null });
    }
  });
});

describe('duplicateDevices', () => {
  it('groups stations whose device ids are spellings of the same bytes, and only those', () => {
    expect(
      duplicateDevices([
        { stationId: 9, deviceId: 'q8Ej' },
        { stationId: 2, deviceId: 'abc123' },
        { stationId: 5, deviceId: 'ABC123' },
        { stationId: 5, deviceId: 'abc123' },
        { stationId: 7, deviceId: 'FEED' },
        { stationId: 7, deviceId: 'feed' },
        { stationId: 8, deviceId: 'legacy-text' },
      ]),
    ).toEqual([{ deviceId: 'abc123', stationIds: [2, 5, 9] }]);
    expect(deviceIdKey(' legacy-text ')).toBe('legacy-text');
  });
});
