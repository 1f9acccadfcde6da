import type { BackupResult } from '@groundtruth/contracts';
import { decodeDataFile, decodeMetaFile, type ModuleInfo, collectMetaModules } from '@groundtruth/platform';

const ERRORS_KEPT = 100;
const hexOrNull = (bytes: Uint8Array | undefined): string | null =>
  bytes && bytes.length > 0 ? Buffer.from(bytes).toString('hex') : null;

/** What a station's backup files hold, read without storing anything. */
export const readBackup = (meta: Uint8Array | null, data: Uint8Array | null): BackupResult => {
  const errors: string[] = [];
  const note = (text: string) => {
    if (errors.length < ERRORS_KEPT) errors.push(text);
  };
  let deviceId: string | null = null;
  let generationId: string | null = null;
  let deviceName: string | null = null;
  let records = 0;
  const metas = new Map<number, readonly ModuleInfo[]>();

  if (meta) {
    const file = decodeMetaFile(meta);
    records += file.entries.length;
    collectMetaModules(file, metas);
    for (const entry of file.entries) {
      if ('error' in entry) {
        note(`meta: ${entry.error}`);
        continue;
      }
      const record = entry.value.dataRecord;
      deviceId ??= hexOrNull(record.metadata?.deviceId);
      generationId ??= hexOrNull(record.metadata?.generation);
      if (record.identity?.name) deviceName = record.identity.name;
    }
    if (file.streamError !== null) note(`meta: the file ends badly: ${file.streamError}`);
  }
  if (data) {
    const file = decodeDataFile(data);
    records += file.entries.length;
    for (const entry of file.entries) {
      if ('error' in entry) {
        note(`data: ${entry.error}`);
        continue;
      }
      const record = entry.value;
      deviceId ??= hexOrNull(record.metadata?.deviceId);
      generationId ??= hexOrNull(record.metadata?.generation);
      if (record.identity?.name && deviceName === null) deviceName = record.identity.name;
      const readings = record.readings;
      if (meta && readings && !metas.has(readings.meta)) {
        note(`data: record ${readings.reading}: its meta record ${readings.meta} is not in the meta file`);
      }
    }
    if (file.streamError !== null) note(`data: the file ends badly: ${file.streamError}`);
  }
  return { errors, deviceId, generationId, deviceName, records };
};
