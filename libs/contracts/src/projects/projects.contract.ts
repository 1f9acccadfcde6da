import { z } from 'zod';
import { PROJECT_TEXT_MAX, projectMessages } from '@groundtruth/domain';

const text = (name: string) =>
  z
    .string({ error: projectMessages.required })
    .trim()
    .min(1, { error: projectMessages.required })
    .max(PROJECT_TEXT_MAX, { error: projectMessages.tooLong })
    .meta({ description: name });

const LngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const ProjectBounds = z.object({ min: LngLat, max: LngLat }).meta({ id: 'ProjectBounds' });

const isoDate = z.iso.datetime({ offset: true, error: projectMessages.badDate }).nullable();

/** Tags arrive as a list, or as JSON text of a list (the spec's wire form). */
const Tags = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return [];
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return v;
      }
    }
    return s.split(/\s+/);
  },
  z.array(z.string().max(PROJECT_TEXT_MAX)).max(50),
);

const projectFields = {
  name: text('Project name'),
  description: text('Short description'),
  goal: text('Project goal'),
  location: text('Location'),
  tags: Tags.optional(),
  privacy: z
    .number()
    .int()
    .min(0, { error: projectMessages.badPrivacy })
    .optional()
    .meta({ description: '0 private, positive public' }),
  showStations: z.boolean().optional(),
  bounds: ProjectBounds.nullable().optional(),
  startTime: isoDate.optional(),
  endTime: isoDate.optional(),
};

export const CreateProjectBody = z
  .object({ ...projectFields, slug: z.string().max(PROJECT_TEXT_MAX).optional() })
  .meta({ id: 'CreateProject' });
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;

export const UpdateProjectBody = z
  .object({
    name: projectFields.name.optional(),
    description: projectFields.description.optional(),
    goal: projectFields.goal.optional(),
    location: projectFields.location.optional(),
    tags: projectFields.tags,
    privacy: projectFields.privacy,
    showStations: projectFields.showStations,
    bounds: projectFields.bounds,
    startTime: projectFields.startTime,
    endTime: projectFields.endTime,
  })
  .meta({ id: 'UpdateProject' });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

export const Project = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    goal: z.string(),
    location: z.string(),
    slug: z.string(),
    tags: z.array(z.string()),
    privacy: z.number().int(),
    public: z.boolean(),
    private: z.boolean(),
    showStations: z.boolean(),
    bounds: ProjectBounds.nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ projects: z.array(Project) }).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;
