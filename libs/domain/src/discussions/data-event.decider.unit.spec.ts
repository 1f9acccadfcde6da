import { specFor, testMetadata } from '../testing/index.js';
import { dataEventDecider } from './data-event.decider.js';
import type { DataEventCreated } from './data-event.events.js';

const sut = specFor(dataEventDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });
const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const fields = {
  title: doc('Storm'),
  description: doc('Sensor flooded'),
  start: '2026-04-01T00:00:00.000Z',
  end: '2026-04-02T00:00:00.000Z',
};
const created: DataEventCreated = {
  type: 'DataEventCreated',
  data: {
    eventId: 4,
    authorId: 7,
    projectId: 3,
    bookmark: 'bk',
    scope: { kind: 'project', projectId: 3 },
    ...fields,
    createdAt: meta.now,
  },
};

describe('data event decider', () => {
  it('creates an event over all project sensors', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreateDataEvent',
          data: { eventId: 4, authorId: 7, projectId: 3, bookmark: 'bk', scope: { kind: 'project', projectId: 3 }, ...fields },
        },
        meta,
      )
      .then([created]);
  });

  it('keeps the chosen sensors as ids, each once', () => {
    const sensors = [
      { stationId: 1, sensorId: 2 },
      { stationId: 1, sensorId: 2 },
      { stationId: 1, sensorId: 3 },
    ];
    sut
      .given([])
      .when(
        {
          type: 'CreateDataEvent',
          data: {
            eventId: 4,
            authorId: 7,
            projectId: null,
            bookmark: 'bk',
            scope: { kind: 'sensors', sensors },
            ...fields,
            start: '2026-04-01T00:00:00Z',
            end: '2026-04-01T00:00:00Z',
          },
        },
        meta,
      )
      .then([
        {
          type: 'DataEventCreated',
          data: {
            eventId: 4,
            authorId: 7,
            projectId: null,
            bookmark: 'bk',
            scope: { kind: 'sensors', sensors: sensors.slice(1) },
            ...fields,
            start: '2026-04-01T00:00:00.000Z',
            end: '2026-04-01T00:00:00.000Z',
            createdAt: meta.now,
          },
        },
      ]);
  });

  it.each([
    ['an end before its start', { ...fields, end: '2026-03-01T00:00:00Z' }, 'DATA_EVENT.END_BEFORE_START'],
    ['a start that is no time', { ...fields, start: 'yesterday' }, 'DATA_EVENT.TIME_INVALID'],
    ['an empty title', { ...fields, title: '' }, 'POST.EMPTY'],
    [
      'a title with a script link',
      {
        ...fields,
        title: JSON.stringify({
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }],
            },
          ],
        }),
      },
      'POST.LINK_NOT_ALLOWED',
    ],
  ])('refuses %s', (_name, given, code) => {
    sut
      .given([])
      .when(
        {
          type: 'CreateDataEvent',
          data: { eventId: 4, authorId: 7, projectId: 3, bookmark: null, scope: { kind: 'project', projectId: 3 }, ...given },
        },
        meta,
      )
      .thenThrows({ kind: 'validation', code });
  });

  it('refuses a project scope without its project and a sensors scope without sensors', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreateDataEvent',
          data: { eventId: 4, authorId: 7, projectId: null, bookmark: 'bk', scope: { kind: 'project', projectId: 3 }, ...fields },
        },
        meta,
      )
      .thenThrows({ code: 'DATA_EVENT.PROJECT_REQUIRED' });
    sut
      .given([])
      .when(
        {
          type: 'CreateDataEvent',
          data: { eventId: 4, authorId: 7, projectId: 3, bookmark: null, scope: { kind: 'sensors', sensors: [] }, ...fields },
        },
        meta,
      )
      .thenThrows({ code: 'DATA_EVENT.SENSORS_REQUIRED' });
  });

  it('edits as its author, nothing for the same fields, and deletes once', () => {
    sut
      .given([created])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, title: doc('Big storm') } }, meta)
      .then([{ type: 'DataEventEdited', data: { eventId: 4, ...fields, title: doc('Big storm'), editedAt: meta.now } }]);
    sut
      .given([created])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields } }, meta)
      .then([]);
    sut
      .given([created])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, title: doc('x') } }, testMetadata({ userId: 9 }))
      .thenThrows({ kind: 'forbidden' });
    const deleted = {
      type: 'DataEventDeleted' as const,
      data: { eventId: 4, deletedBy: 7, byModerator: false, deletedAt: meta.now },
    };
    sut
      .given([created])
      .when({ type: 'DeleteDataEvent', data: { eventId: 4, byModerator: false } }, meta)
      .then([deleted]);
    sut
      .given([created, deleted])
      .when({ type: 'DeleteDataEvent', data: { eventId: 4, byModerator: false } }, meta)
      .thenThrows({ kind: 'not_found' });
  });

  it('lets an administrator edit, and changes the scope with its own event, once', () => {
    const admin = testMetadata({ userId: 9, now: meta.now });
    const sensors = [{ stationId: 1, sensorId: 2 }];
    const rescoped = {
      type: 'DataEventRescoped' as const,
      data: { eventId: 4, scope: { kind: 'sensors' as const, sensors }, rescopedAt: meta.now },
    };
    sut
      .given([created])
      .when(
        {
          type: 'EditDataEvent',
          data: {
            eventId: 4,
            ...fields,
            end: '2026-04-03T00:00:00Z',
            scope: { kind: 'sensors', sensors },
            byAdministrator: true,
          },
        },
        admin,
      )
      .then([
        { type: 'DataEventEdited', data: { eventId: 4, ...fields, end: '2026-04-03T00:00:00.000Z', editedAt: meta.now } },
        rescoped,
      ]);
    // The same scope again, in another order or with a repeat, is no change.
    sut
      .given([created, rescoped])
      .when(
        { type: 'EditDataEvent', data: { eventId: 4, ...fields, scope: { kind: 'sensors', sensors: [...sensors, ...sensors] } } },
        meta,
      )
      .then([]);
    // Back to all the project's sensors; a workspace event cannot take that scope.
    sut
      .given([created, rescoped])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, scope: { kind: 'project', projectId: 3 } } }, meta)
      .then([
        { type: 'DataEventRescoped', data: { eventId: 4, scope: { kind: 'project', projectId: 3 }, rescopedAt: meta.now } },
      ]);
    sut
      .given([{ ...created, data: { ...created.data, projectId: null, scope: { kind: 'sensors', sensors } } }])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, scope: { kind: 'project', projectId: 3 } } }, meta)
      .thenThrows({ code: 'DATA_EVENT.PROJECT_REQUIRED' });
    sut
      .given([created])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, scope: { kind: 'sensors', sensors: [] } } }, meta)
      .thenThrows({ code: 'DATA_EVENT.SENSORS_REQUIRED' });
    sut
      .given([created])
      .when({ type: 'EditDataEvent', data: { eventId: 4, ...fields, end: '2026-03-01T00:00:00Z' } }, meta)
      .thenThrows({ code: 'DATA_EVENT.END_BEFORE_START' });
  });
});
