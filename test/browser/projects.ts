import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auth, type Owner } from './stations';

/** Helpers the project journeys share. */

/** The demo site admin the product seeds on first start, who owns the demo projects (its password is in DATA_DIR). */
export const demoAdmin = async (request: APIRequestContext): Promise<Owner> => {
  const dir = process.env['GT_PW_DATA_DIR'];
  if (!dir) throw new Error('GT_PW_DATA_DIR is not set: run through playwright.config.ts');
  let text = '';
  await expect
    .poll(async () => (text = await readFile(join(dir, 'demo-account.txt'), 'utf8').catch(() => '')), {
      timeout: 60_000,
      message: 'the demo account file',
    })
    .toContain('password:');
  const email = /e-mail: (\S+)/.exec(text)![1]!;
  const password = /password: (\S+)/.exec(text)![1]!;
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(204);
  const token = /^Bearer (\S+)$/.exec(res.headers()['authorization'] ?? '')![1]!;
  return { token, email, password, name: 'Demo Admin' };
};

export type SeededProject = { id: number; name: string; description: string };

/** A demo project by name, once the seeder has made it. */
export const seededProject = async (request: APIRequestContext, name: string): Promise<SeededProject> => {
  let found: SeededProject | undefined;
  await expect
    .poll(
      async () => {
        const { projects } = (await (await request.get('/api/projects')).json()) as { projects: SeededProject[] };
        found = projects.find((project) => project.name === name);
        return found !== undefined;
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000], message: `demo project ${name}` },
    )
    .toBe(true);
  return found!;
};

export type ProjectInput = {
  name: string;
  description?: string;
  goal?: string;
  location?: string;
  privacy?: number;
  tags?: string[];
};

/** A project made through the API by `owner` (its administrator). */
export const createProject = async (request: APIRequestContext, owner: Owner, input: ProjectInput): Promise<number> => {
  const res = await request.post('/api/projects', {
    headers: auth(owner),
    data: {
      description: 'A project made by a browser test',
      goal: 'Check the screens',
      location: 'The test bench',
      privacy: 1,
      ...input,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
};

/** Invites `user` into the project (0 member, 1 administrator); the invitation waits for their answer. */
export const invite = async (request: APIRequestContext, by: Owner, projectId: number, user: Owner, role: 0 | 1 = 0) => {
  const res = await request.post(`/api/projects/${projectId}/invite`, { headers: auth(by), data: { email: user.email, role } });
  expect(res.status(), await res.text()).toBe(200);
};

/** Invites and accepts at once: `user` is then in the team. */
export const joinProject = async (request: APIRequestContext, by: Owner, projectId: number, user: Owner, role: 0 | 1 = 0) => {
  await invite(request, by, projectId, user, role);
  const res = await request.post(`/api/projects/${projectId}/invites/accept`, { headers: auth(user) });
  expect(res.status(), await res.text()).toBe(200);
};

/** The project as its administrator reads it. */
export const readProject = async (request: APIRequestContext, owner: Owner, projectId: number) => {
  const res = await request.get(`/api/projects/${projectId}`, { headers: auth(owner) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown> & {
    users: { user: { email?: string; id: number | null }; role: string; invited: boolean }[];
  };
};

/** The vertical scroll position of the page. */
export const scrollTop = (page: Page): Promise<number> => page.evaluate(() => window.scrollY);
