import { DomainError } from '@groundtruth/domain';
import { parseFkHeaders } from './fk-headers.js';

const good = {
  'content-type': 'application/vnd.fk.data+binary',
  'content-length': '120',
  'fk-deviceid': '0004A30B001CC1A4',
  'fk-generation': 'a1b2c3d4',
  'fk-type': 'data',
  'fk-blocks': '1,20',
};

const errorsOf = (headers: Record<string, string | undefined>): Record<string, string> => {
  try {
    parseFkHeaders(headers);
  } catch (error) {
    if (error instanceof DomainError) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('Fk-* upload headers', () => {
  it('reads a station upload', () => {
    expect(parseFkHeaders({ ...good, 'fk-devicename': ' Creek 1 ' })).toEqual({
      contentType: 'application/vnd.fk.data+binary',
      contentLength: 120,
      deviceId: '0004a30b001cc1a4',
      generation: 'a1b2c3d4',
      type: 'data',
      blocks: [1, 20],
      deviceName: 'Creek 1',
    });
  });

  it('takes ids as hex, base64 or UUID, and keeps the lowercase hex of their bytes', () => {
    for (const spelling of ['0004a30b001cc1a4', 'AASjCwAcwaQ=', 'AASjCwAcwaQ']) {
      expect(parseFkHeaders({ ...good, 'fk-deviceid': spelling }).deviceId).toBe('0004a30b001cc1a4');
    }
    expect(parseFkHeaders({ ...good, 'fk-generation': '123e4567-e89b-12d3-a456-426614174000' }).generation).toBe(
      '123e4567e89b12d3a456426614174000',
    );
    expect(errorsOf({ ...good, 'fk-deviceid': 'not an id!' })).toHaveProperty('Fk-DeviceId');
  });

  it('lists every missing or bad header', () => {
    expect(Object.keys(errorsOf({}))).toEqual([
      'Content-Type',
      'Content-Length',
      'Fk-DeviceId',
      'Fk-Generation',
      'Fk-Type',
      'Fk-Blocks',
    ]);
    expect(errorsOf({ ...good, 'content-type': 'application/json' })).toHaveProperty('Content-Type');
    expect(errorsOf({ ...good, 'content-length': '0' })).toHaveProperty('Content-Length');
    expect(errorsOf({ ...good, 'fk-type': 'logs' })).toHaveProperty('Fk-Type');
    expect(errorsOf({ ...good, 'fk-blocks': '9,2' })).toHaveProperty('Fk-Blocks');
    expect(errorsOf({ ...good, 'fk-blocks': 'one,two' })).toHaveProperty('Fk-Blocks');
    expect(errorsOf({ ...good, 'fk-deviceid': 'zz zz' })).toHaveProperty('Fk-DeviceId');
    expect(errorsOf({ ...good, 'fk-devicename': 'x'.repeat(300) })).toHaveProperty('Fk-DeviceName');
  });
});
