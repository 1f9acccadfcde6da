import type { Decider } from '../kernel/decider.js';
import { DomainError } from '../kernel/domain-error.js';
import type { ExportFileFormat } from './export-format.js';
import type { ExportEvent, ExportRequestQuery } from './export.events.js';

export type ExportState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
      readonly exportId: number;
      readonly ownerId: number;
      readonly format: ExportFileFormat;
      readonly query: ExportRequestQuery;
      readonly fileName: string;
      readonly attempts: number;
      readonly rows: number | null;
      readonly size: number | null;
      readonly expiresAt: string | null;
      readonly error: string | null;
      readonly errorCode: string | null;
    };

export type ExportCommand =
  | {
      readonly type: 'RequestExport';
      readonly data: {
        readonly exportId: number;
        readonly ownerId: number;
        readonly format: ExportFileFormat;
        readonly query: ExportRequestQuery;
        readonly fileName: string;
      };
    }
  | { readonly type: 'StartExport'; readonly data: { readonly attempt: number } }
  | {
      readonly type: 'CompleteExport';
      readonly data: { readonly rows: number; readonly size: number; readonly expiresAt: string };
    }
  | { readonly type: 'FailExport'; readonly data: { readonly error: string; readonly errorCode: string | null } }
  | { readonly type: 'ExpireExport'; readonly data: Record<string, never> };

const absent = () => new DomainError('not_found', 'EXPORT.NOT_FOUND', 'No such export.');

/**
 * One export's life: requested by its owner, started (once per attempt) and completed or failed by
 * the runner, expired when its retention ends. The runner's job table decides what runs; this
 * records what happened, so a late or repeated report (a run taken over after a stop) is still told.
 */
export const exportDecider: Decider<ExportState, ExportCommand, ExportEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    if (event.type === 'ExportRequested') {
      const d = event.data;
      return {
        status: 'queued',
        exportId: d.exportId,
        ownerId: d.ownerId,
        format: d.format,
        query: d.query,
        fileName: d.fileName,
        attempts: 0,
        rows: null,
        size: null,
        expiresAt: null,
        error: null,
        errorCode: null,
      };
    }
    if (state.status === 'absent') return state;
    switch (event.type) {
      case 'ExportStarted':
        return { ...state, status: 'running', attempts: event.data.attempt, error: null, errorCode: null };
      case 'ExportCompleted':
        return {
          ...state,
          status: 'done',
          rows: event.data.rows,
          size: event.data.size,
          fileName: event.data.fileName,
          expiresAt: event.data.expiresAt,
        };
      case 'ExportFailed':
        return { ...state, status: 'failed', error: event.data.error, errorCode: event.data.errorCode };
      case 'ExportExpired':
        return { ...state, status: 'expired' };
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    if (command.type === 'RequestExport') {
      if (state.status !== 'absent') throw new DomainError('conflict', 'EXPORT.ALREADY_EXISTS', 'This export exists already.');
      return [{ type: 'ExportRequested', data: { ...command.data, requestedAt: meta.now } }];
    }
    if (state.status === 'absent') throw absent();
    const exportId = state.exportId;
    switch (command.type) {
      case 'StartExport':
        return [{ type: 'ExportStarted', data: { exportId, attempt: command.data.attempt, startedAt: meta.now } }];
      case 'CompleteExport':
        return [
          { type: 'ExportCompleted', data: { exportId, ...command.data, fileName: state.fileName, completedAt: meta.now } },
        ];
      case 'FailExport':
        return [{ type: 'ExportFailed', data: { exportId, ...command.data, failedAt: meta.now } }];
      case 'ExpireExport':
        return state.status === 'expired' ? [] : [{ type: 'ExportExpired', data: { exportId, expiredAt: meta.now } }];
    }
  },
};
