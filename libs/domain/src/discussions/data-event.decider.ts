import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { DataEventCommand } from './data-event.commands.js';
import type { DataEventEvent, DataEventFields, DataEventScope } from './data-event.events.js';
import { checkRichText } from './rich-text.js';

export type DataEventState =
  | { readonly status: 'absent' }
  | ({
      readonly status: 'live' | 'deleted';
      readonly eventId: number;
      readonly authorId: number;
      readonly projectId: number | null;
      readonly bookmark: string | null;
      readonly scope: DataEventScope;
    } & DataEventFields);

export const DATA_EVENT_TITLE_MAX = 2_000;
export const DATA_EVENT_SENSORS_MAX = 100;

export const dataEventMessages = {
  notFound: 'This data event does not exist.',
  notAuthor: 'Only its author may change this data event.',
  endBeforeStart: 'The end cannot be before the start.',
  badTime: 'Give a date and time.',
  noSensors: 'Choose the sensors this event is about.',
  tooManySensors: `A data event covers at most ${DATA_EVENT_SENSORS_MAX} sensors.`,
  titleTooLong: 'The title is too long.',
  noProject: 'An event about all project sensors needs the project.',
} as const;

const notFound = () => new DomainError('not_found', 'DATA_EVENT.NOT_FOUND', dataEventMessages.notFound);
const invalid = (code: string, field: string, message: string) => DomainError.validation(code, { [field]: message }, message);

const isoTime = (value: string, field: string): string => {
  const ms = Date.parse(value);
  if (typeof value !== 'string' || !Number.isFinite(ms))
    throw invalid('DATA_EVENT.TIME_INVALID', field, dataEventMessages.badTime);
  return new Date(ms).toISOString();
};

/** Checks and normalises the fields both creating and editing take. */
const checkFields = (fields: DataEventFields): DataEventFields => {
  if (fields.title.length > DATA_EVENT_TITLE_MAX)
    throw invalid('DATA_EVENT.TITLE_TOO_LONG', 'title', dataEventMessages.titleTooLong);
  const title = checkRichText(fields.title, 'title').body;
  // A description may be left empty; when given it follows the editor's schema like any post.
  const description = fields.description.trim().length === 0 ? '' : checkRichText(fields.description, 'description').body;
  const start = isoTime(fields.start, 'start');
  const end = isoTime(fields.end, 'end');
  if (Date.parse(end) < Date.parse(start)) throw invalid('DATA_EVENT.END_BEFORE_START', 'end', dataEventMessages.endBeforeStart);
  return { title, description, start, end };
};

const checkScope = (scope: DataEventScope, projectId: number | null): DataEventScope => {
  if (scope.kind === 'project') {
    if (projectId === null || scope.projectId !== projectId)
      throw invalid('DATA_EVENT.PROJECT_REQUIRED', 'allProjectSensors', dataEventMessages.noProject);
    return scope;
  }
  if (scope.sensors.length === 0) throw invalid('DATA_EVENT.SENSORS_REQUIRED', 'sensors', dataEventMessages.noSensors);
  if (scope.sensors.length > DATA_EVENT_SENSORS_MAX)
    throw invalid('DATA_EVENT.TOO_MANY_SENSORS', 'sensors', dataEventMessages.tooManySensors);
  const seen = new Set<string>();
  const sensors = scope.sensors.filter((s) => {
    const key = `${s.stationId}:${s.sensorId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { kind: 'sensors', sensors };
};

const scopeKey = (scope: DataEventScope): string =>
  scope.kind === 'project'
    ? `project:${scope.projectId}`
    : scope.sensors
        .map((s) => `${s.stationId}:${s.sensorId}`)
        .sort()
        .join(',');
const sameScope = (a: DataEventScope, b: DataEventScope): boolean => scopeKey(a) === scopeKey(b);

/** One data event (`data-event-{id}`): a titled moment or span on some sensors' charts. */
export const dataEventDecider: Decider<DataEventState, DataEventCommand, DataEventEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    switch (event.type) {
      case 'DataEventCreated': {
        const { createdAt: _createdAt, ...d } = event.data;
        return { status: 'live', ...d };
      }
      case 'DataEventEdited': {
        if (state.status !== 'live') return state;
        const { title, description, start, end } = event.data;
        return { ...state, title, description, start, end };
      }
      case 'DataEventRescoped':
        return state.status === 'live' ? { ...state, scope: event.data.scope } : state;
      case 'DataEventDeleted':
        return state.status === 'live' ? { ...state, status: 'deleted' } : state;
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'CreateDataEvent': {
        if (state.status !== 'absent')
          throw new DomainError('conflict', 'DATA_EVENT.ALREADY_EXISTS', 'This data event already exists.');
        const { eventId, authorId, projectId, bookmark } = command.data;
        const fields = checkFields(command.data);
        const scope = checkScope(command.data.scope, projectId);
        return [
          { type: 'DataEventCreated', data: { eventId, authorId, projectId, bookmark, scope, ...fields, createdAt: meta.now } },
        ];
      }
      case 'EditDataEvent': {
        if (state.status !== 'live') throw notFound();
        if (!command.data.byAdministrator && meta.userId !== state.authorId)
          throw new DomainError('forbidden', 'DATA_EVENT.NOT_AUTHOR', dataEventMessages.notAuthor);
        const fields = checkFields(command.data);
        const scope = command.data.scope === undefined ? state.scope : checkScope(command.data.scope, state.projectId);
        const events: DataEventEvent[] = [];
        if (
          fields.title !== state.title ||
          fields.description !== state.description ||
          fields.start !== state.start ||
          fields.end !== state.end
        )
          events.push({ type: 'DataEventEdited', data: { eventId: state.eventId, ...fields, editedAt: meta.now } });
        if (!sameScope(scope, state.scope))
          events.push({ type: 'DataEventRescoped', data: { eventId: state.eventId, scope, rescopedAt: meta.now } });
        return events;
      }
      case 'DeleteDataEvent': {
        if (state.status !== 'live') throw notFound();
        const { byModerator } = command.data;
        if (!byModerator && meta.userId !== state.authorId)
          throw new DomainError('forbidden', 'DATA_EVENT.NOT_AUTHOR', dataEventMessages.notAuthor);
        return [
          {
            type: 'DataEventDeleted',
            data: { eventId: state.eventId, deletedBy: meta.userId, byModerator, deletedAt: meta.now },
          },
        ];
      }
    }
  },
};
