import type { IngestionFirmware } from '@groundtruth/domain';
import type { DataRecord, DecodedFile, SignedRecord } from '@groundtruth/platform';

const TEXT_MAX = 100;

// Control characters (NUL above all: Postgres cannot keep it in text or jsonb) are no part of a version.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const text = (s: string): string => s.replace(CONTROL, '').trim().slice(0, TEXT_MAX);

/**
 * The firmware a meta file names: Metadata.firmware of its newest record (by record number, then
 * file order) that names one. Null when none does.
 */
export const firmwareOf = (file: DecodedFile<{ signed: SignedRecord; dataRecord: DataRecord }>): IngestionFirmware | null => {
  let found: { record: number; firmware: IngestionFirmware } | null = null;
  for (const entry of file.entries) {
    if (!('value' in entry)) continue;
    const { signed, dataRecord } = entry.value;
    const firmware = dataRecord.metadata?.firmware;
    if (!firmware) continue;
    const clean = { version: text(firmware.version), build: text(firmware.build), number: text(firmware.number) };
    if (clean.version === '' && clean.build === '' && clean.number === '') continue;
    const record = signed.record || dataRecord.metadata?.record || 0;
    if (found === null || record >= found.record) found = { record, firmware: clean };
  }
  return found?.firmware ?? null;
};
