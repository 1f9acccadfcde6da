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
export type EditDataEvent = Command<'EditDataEvent', DataEventFields & { readonly eventId: number }>;
export type DeleteDataEvent = Command<'DeleteDataEvent', { readonly eventId: number; readonly byModerator: boolean }>;

export type DataEventCommand = CreateDataEvent | EditDataEvent | DeleteDataEvent;
