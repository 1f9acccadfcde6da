import type { Command } from '../kernel/messages.js';
import type { DataEventFields, DataEventScope } from './data-event.events.js';

export type CreateDataEvent = Command<
  'CreateDataEvent',
  DataEventFields & {
    readonly eventId: number;
    readonly authorId: number;
    readonly projectId: number | null;
    readonly bookmark: string | null;
    readonly scope: DataEventScope;
  }
>;
/**
 * Edit a data event's fields and, when `scope` is given, what it is about. `byAdministrator`: the
 * project's Administrator or a site admin edits someone else's event (the policy has allowed it).
 */
export type EditDataEvent = Command<
  'EditDataEvent',
  DataEventFields & { readonly eventId: number; readonly scope?: DataEventScope; readonly byAdministrator?: boolean }
>;
export type DeleteDataEvent = Command<'DeleteDataEvent', { readonly eventId: number; readonly byModerator: boolean }>;

export type DataEventCommand = CreateDataEvent | EditDataEvent | DeleteDataEvent;
