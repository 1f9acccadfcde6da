import { decodeMetaFile, encodeMetaFile, type DataRecord } from '@groundtruth/platform';
import { firmwareOf } from './firmware-of.js';

const metaRecord = (record: number, firmware?: { version: string; build: string; number: string }) => ({
  record,
  time: 1_700_000_000 + record,
  dataRecord: {
    metadata: { deviceId: Uint8Array.from([1]), time: 1_700_000_000, firmware, generation: Uint8Array.from([2]), record },
    modules: [],
  } satisfies DataRecord,
});

const sut = (records: ReturnType<typeof metaRecord>[]) => firmwareOf(decodeMetaFile(encodeMetaFile(records)));

describe('firmwareOf', () => {
  it('names the firmware of the newest record that names one', () => {
    expect(
      sut([
        metaRecord(3, { version: '1.0', build: 'b3', number: '30' }),
        metaRecord(7, { version: '1.2', build: 'b7', number: '70' }),
        metaRecord(5, { version: '1.1', build: 'b5', number: '50' }),
        metaRecord(9),
      ]),
    ).toEqual({ version: '1.2', build: 'b7', number: '70' });
  });

  it('is null when no record names a firmware, or names an empty one', () => {
    expect(sut([metaRecord(1), metaRecord(2, { version: ' ', build: '', number: '' })])).toBeNull();
  });

  it('keeps no control characters and at most 100 characters of each text', () => {
    expect(sut([metaRecord(1, { version: 'v\u0000 1', build: 'x'.repeat(300), number: '42\n' })])).toEqual({
      version: 'v 1',
      build: 'x'.repeat(100),
      number: '42',
    });
  });
});
