import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { CreateProjectBody, Project, ProjectList, UpdateProjectBody } from './projects.contract.js';

/** Projects, membership, follows and project updates (spec §7 Projects). */
export const projectRoutes = {
  listProjects: route({
    method: 'get',
    path: '/projects',
    summary: 'Public projects, by name',
    tags: ['projects'],
    auth: 'optional',
    response: ProjectList,
  }),
  getProject: route({
    method: 'get',
    path: '/projects/{id}',
    summary: 'One project',
    tags: ['projects'],
    auth: 'optional',
    params: IdParams,
    response: Project,
    errors: { 400: 'The id is not a number', 403: 'The project is private', 404: 'No such project' },
  }),
  createProject: route({
    method: 'post',
    path: '/projects',
    summary: 'Create a project',
    tags: ['projects'],
    auth: 'required',
    body: CreateProjectBody,
    response: Project,
    errors: { 400: 'A field is missing or not valid' },
  }),
  updateProject: route({
    method: 'patch',
    path: '/projects/{id}',
    summary: 'Change a project',
    tags: ['projects'],
    auth: 'required',
    params: IdParams,
    body: UpdateProjectBody,
    response: Project,
    errors: { 400: 'A field is not valid', 404: 'No such project', 409: 'Changed by someone else at the same time' },
  }),
} as const;
