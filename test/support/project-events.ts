import { randomUUID } from 'node:crypto';
import { projectStream } from '../../libs/domain/src/index.js';
import type { EventStore } from '../../libs/platform/src/index.js';

const meta = (i: number) => ({
  eventId: randomUUID(),
  correlationId: 'seed',
  causationId: 'seed',
  userId: null,
  occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
});

/** Writes `projects` ProjectCreated streams, each followed by `updates` ProjectUpdated events. */
export const appendProjectHistory = async (
  store: EventStore,
  options: { projects: number; updates: number; firstId?: number; concurrency?: number },
) => {
  const first = options.firstId ?? 1;
  const ids = Array.from({ length: options.projects }, (_, i) => first + i);
  const work = async (id: number) => {
    await store.append(
      projectStream(id),
      [
        {
          type: 'ProjectCreated',
          data: {
            projectId: id,
            slug: `p-${id}`,
            name: `Project ${id}`,
            description: 'd',
            goal: 'g',
            location: 'l',
            tags: ['t'],
            privacy: id % 5 === 0 ? 0 : 1,
            showStations: true,
            bounds: null,
            startTime: null,
            endTime: null,
            createdBy: null,
            createdAt: meta(id).occurredAt,
          },
          metadata: meta(id),
        },
      ],
      'no_stream',
    );
    for (let u = 0; u < options.updates; u++) {
      await store.append(
        projectStream(id),
        [
          {
            type: 'ProjectUpdated',
            data: { projectId: id, changes: { goal: `goal ${u}`, tags: [`t${u}`] }, updatedAt: meta(id + u).occurredAt },
            metadata: meta(u),
          },
        ],
        BigInt(u),
      );
    }
  };
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await work(id);
    }),
  );
};

/** Every row of a table in key order, for comparing two builds of the same read model. */
export const tableSnapshot = async (pool: { query: (sql: string) => Promise<{ rows: unknown[] }> }, table: string, key = 'id') =>
  (await pool.query(`SELECT * FROM ${table} ORDER BY ${key}`)).rows;
