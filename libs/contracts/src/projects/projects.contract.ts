import { z } from 'zod';
import { PROJECT_TEXT_MAX, projectMessages } from '@groundtruth/domain';
import { ExpectedVersion, Version } from '../common/version.contract.js';

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
  showExactLocation: z
    .boolean()
    .optional()
    .meta({ description: 'false: people outside the team see the stations at a general location (about 1 km); default true' }),
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
    showExactLocation: projectFields.showExactLocation,
    bounds: projectFields.bounds,
    startTime: projectFields.startTime,
    endTime: projectFields.endTime,
    version: ExpectedVersion,
  })
  .meta({ id: 'UpdateProject' });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

/** Spec §3: roles are 'Administrator' and 'Member' in answers (numeric 0 member, 1 administrator in team payloads). */
export const ProjectRoleName = z.enum(['Administrator', 'Member']).meta({ id: 'ProjectRoleName' });
export type ProjectRoleName = z.infer<typeof ProjectRoleName>;

export const ProjectPhoto = z.object({ url: z.string() }).meta({ id: 'ProjectPhoto' });

/** The follow panel: does the asker follow the project, and how many people do. */
export const ProjectFollowing = z.object({ following: z.boolean(), total: z.number().int() }).meta({ id: 'ProjectFollowing' });
export type ProjectFollowing = z.infer<typeof ProjectFollowing>;

/** A person as the team list and the followers list show them (no e-mail unless said). */
export const ProjectPerson = z
  .object({
    id: z.number().int().nullable().meta({ description: 'null for an invitation not yet accepted' }),
    name: z.string().nullable(),
    photo: ProjectPhoto.nullable(),
    email: z.string().optional().meta({ description: "Shown to the project's administrators only" }),
  })
  .meta({ id: 'ProjectPerson' });
export type ProjectPerson = z.infer<typeof ProjectPerson>;

/** One line of the team (spec §3 Project users): a member, or an invitation not yet answered. */
export const ProjectUser = z
  .object({ user: ProjectPerson, role: ProjectRoleName, invited: z.boolean() })
  .meta({ id: 'ProjectUser' });
export type ProjectUser = z.infer<typeof ProjectUser>;

export const ProjectUsers = z
  .object({
    users: z.array(ProjectUser),
    version: Version.meta({ description: "The team's version: send back with a role change or a removal" }),
  })
  .meta({ id: 'ProjectUsers' });
export type ProjectUsers = z.infer<typeof ProjectUsers>;

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
    showExactLocation: z.boolean(),
    bounds: ProjectBounds.nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version.meta({ description: 'Of the details and photo: send back with PATCH /projects/{id}' }),
    teamVersion: Version.meta({
      description: "The team's version (as GET /users/project/{id}): send back with a role change or a removal",
    }),
    photo: ProjectPhoto.nullable(),
    readOnly: z.boolean().meta({ description: 'The asker cannot edit the project' }),
    following: ProjectFollowing,
    followers: z.number().int().meta({ description: 'How many people follow the project (as following.total)' }),
    duration: z.number().int().nullable().meta({
      description:
        'Milliseconds from startTime to one day after endTime (spec §9: the duration adds one day to the end); null unless both are set',
    }),
    modules: z.array(z.string()).meta({
      description:
        "Names of the modules on the project's stations the asker may read (hidden stations only for their owner), internal ones left out, each once, by name",
    }),
    role: ProjectRoleName.nullable().meta({ description: "The asker's role in the project" }),
    users: z.array(ProjectUser).optional().meta({ description: 'The team (in answers about one project)' }),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ projects: z.array(Project) }).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;
