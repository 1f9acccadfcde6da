import { EntitySchema } from '@mikro-orm/postgresql';

/** A row of the `projects` read model (written by the projector's projects projection). */
export class ProjectRecordShape {
  id!: number;
  revision!: number;
  name!: string;
  description!: string;
  goal!: string;
  location!: string;
  slug!: string;
  tags!: string[];
  privacy!: number;
  showStations!: boolean;
  showExactLocation!: boolean;
  bounds!: { min: [number, number]; max: [number, number] } | null;
  startTime!: Date | null;
  endTime!: Date | null;
  photo!: string | null;
  createdBy!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export const ProjectRecord = new EntitySchema<ProjectRecordShape>({
  class: ProjectRecordShape,
  tableName: 'projects',
  properties: {
    id: { type: 'bigint', primary: true, mapToPk: false, runtimeType: 'number' } as never,
    revision: { type: 'bigint', runtimeType: 'number' } as never,
    name: { type: 'text' },
    description: { type: 'text' },
    goal: { type: 'text' },
    location: { type: 'text' },
    slug: { type: 'text' },
    tags: { type: 'json' },
    privacy: { type: 'integer' },
    showStations: { type: 'boolean', fieldName: 'show_stations' },
    showExactLocation: { type: 'boolean', fieldName: 'show_exact_location' },
    bounds: { type: 'json', nullable: true },
    startTime: { type: 'datetime', nullable: true, fieldName: 'start_time' },
    endTime: { type: 'datetime', nullable: true, fieldName: 'end_time' },
    photo: { type: 'text', nullable: true },
    createdBy: { type: 'bigint', nullable: true, fieldName: 'created_by', runtimeType: 'number' } as never,
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
