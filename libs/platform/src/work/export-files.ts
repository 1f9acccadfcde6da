import { join } from 'node:path';
import type { ExportFileFormat } from '@groundtruth/domain';

/** Where finished export files live: the projector writes them, the API hands them out. */
export const exportsDir = (dataDir: string): string => join(dataDir, 'exports');
export const exportFilePath = (dataDir: string, token: string, format: ExportFileFormat): string =>
  join(exportsDir(dataDir), `${token}.${format === 'csv' ? 'csv' : 'jsonl'}`);
