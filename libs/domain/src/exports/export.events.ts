import type { DomainEvent } from '../kernel/messages.js';
import type { ExportFileFormat } from './export-format.js';

/** What an export covers, as its owner asked for it. */
export type ExportRequestQuery = {
  readonly stations: readonly number[];
  readonly sensors: readonly number[] | null;
  readonly start: number;
  readonly end: number;
  readonly tz: string;
};

/**
 * An export's life (`export-<id>`), so its history can be replayed like any other entity's. The
 * `gt_exports` row stays the runner's work queue; these events say what happened to it, when and
 * by whom (the owner's request; the system's runs, failures and expiry).
 */
export type ExportRequested = DomainEvent<
  'ExportRequested',
  {
    readonly exportId: number;
    readonly ownerId: number;
    readonly format: ExportFileFormat;
    readonly query: ExportRequestQuery;
    readonly fileName: string;
    readonly requestedAt: string;
  }
>;
/** A runner took the export (again, after a stopped run: `attempt` counts). */
export type ExportStarted = DomainEvent<
  'ExportStarted',
  { readonly exportId: number; readonly attempt: number; readonly startedAt: string }
>;
export type ExportCompleted = DomainEvent<
  'ExportCompleted',
  {
    readonly exportId: number;
    readonly rows: number;
    readonly size: number;
    readonly fileName: string;
    readonly completedAt: string;
    readonly expiresAt: string;
  }
>;
export type ExportFailed = DomainEvent<
  'ExportFailed',
  { readonly exportId: number; readonly error: string; readonly errorCode: string | null; readonly failedAt: string }
>;
/** Its retention ended: the file was deleted (a download answers 410 EXPORT.EXPIRED). */
export type ExportExpired = DomainEvent<'ExportExpired', { readonly exportId: number; readonly expiredAt: string }>;

export type ExportEvent = ExportRequested | ExportStarted | ExportCompleted | ExportFailed | ExportExpired;

export const exportEventTypes = [
  'ExportRequested',
  'ExportStarted',
  'ExportCompleted',
  'ExportFailed',
  'ExportExpired',
] as const satisfies readonly ExportEvent['type'][];

export const exportStream = (exportId: number): string => `export-${exportId}`;
