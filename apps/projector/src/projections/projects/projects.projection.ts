import type { ProjectEvent } from '@groundtruth/domain';
import { foldIntoRows, type Projection, type RecordedEvent } from '@groundtruth/platform';

/** One row per project, as the API serves it. */
export type ProjectRow = {
  id: string;
  revision: string;
  name: string;
  description: string;
  goal: string;
  location: string;
  slug: string;
  tags: string[];
  privacy: number;
  show_stations: boolean;
  bounds: unknown;
  start_time: string | null;
  end_time: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

const handles = ['ProjectCreated', 'ProjectUpdated'] as const;

const columnOf = {
  name: 'name',
  description: 'description',
  goal: 'goal',
  location: 'location',
  tags: 'tags',
  privacy: 'privacy',
  showStations: 'show_stations',
  bounds: 'bounds',
  startTime: 'start_time',
  endTime: 'end_time',
} as const;

const evolve = (row: ProjectRow | undefined, event: ProjectEvent, revision: string): ProjectRow | undefined => {
  switch (event.type) {
    case 'ProjectCreated': {
      const d = event.data;
      return {
        id: String(d.projectId),
        revision,
        name: d.name,
        description: d.description,
        goal: d.goal,
        location: d.location,
        slug: d.slug,
        tags: [...d.tags],
        privacy: d.privacy,
        show_stations: d.showStations,
        bounds: d.bounds,
        start_time: d.startTime,
        end_time: d.endTime,
        created_by: d.createdBy === null ? null : String(d.createdBy),
        created_at: d.createdAt,
        updated_at: d.createdAt,
      };
    }
    case 'ProjectUpdated': {
      if (!row) return row;
      const next: Record<string, unknown> = { ...row, revision, updated_at: event.data.updatedAt };
      for (const [field, value] of Object.entries(event.data.changes)) {
        const column = columnOf[field as keyof typeof columnOf];
        if (column) next[column] = value;
      }
      return next as ProjectRow;
    }
  }
};

export const projectsProjection: Projection = {
  name: 'projects',
  handles,
  tables: [
    {
      name: 'projects',
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          revision bigint NOT NULL,
          name text NOT NULL,
          description text NOT NULL,
          goal text NOT NULL,
          location text NOT NULL,
          slug text NOT NULL,
          tags jsonb NOT NULL,
          privacy int NOT NULL,
          show_stations boolean NOT NULL,
          bounds jsonb,
          start_time timestamptz,
          end_time timestamptz,
          created_by bigint,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX ${t}_public_name ON ${t} (name) WHERE privacy > 0;`,
    },
  ],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    await foldIntoRows<ProjectRow, RecordedEvent & ProjectEvent>(client, {
      table: table('projects'),
      key: 'id',
      events: events as readonly (RecordedEvent & ProjectEvent)[],
      keyOf: (e) => String(e.data.projectId),
      evolve,
    });
  },
};
