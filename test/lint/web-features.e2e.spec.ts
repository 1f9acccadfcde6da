import { ESLint } from 'eslint';

/**
 * The web's feature boundaries (STYLE.md): `npm run lint` fails on a planted import from one feature
 * into another, or from shared code into a feature or the app, and lets the same shapes through where
 * they stay inside a feature or go to shared code.
 */
describe('web feature boundaries', () => {
  const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
  const rule = 'web-boundaries/no-cross-feature';
  const rulesHit = async (code: string, filePath: string) =>
    (await eslint.lintText(`${code}\nexport const x = y;\n`, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it.each([
    ['apps/web/src/features/explore/api/x.ts', "import { useMapStations as y } from '@/features/maps/api/get-map-stations';"],
    [
      'apps/web/src/features/explore/components/charts/x.tsx',
      "import { ProjectForm as y } from '../../../projects/components/project-form';",
    ],
    ['apps/web/src/features/notes/x.tsx', "import { StationPage as y } from '../stations/components/station-page';"],
    [
      'apps/web/src/features/maps/components/x.tsx',
      "export { StationPage as y } from '@/features/stations/components/station-page';",
    ],
    ['apps/web/src/features/maps/components/x.tsx', "const y = () => import('@/features/explore/components/explore-view');"],
    ['apps/web/src/features/maps/components/x.tsx', "import { router as y } from '@/app/router';"],
    ['apps/web/src/components/x.tsx', "import { ChartCard as y } from '@/features/explore/components/chart-card';"],
    ['apps/web/src/lib/x.ts', "import { router as y } from '../app/router';"],
    ['apps/web/src/hooks/x.ts', "import { useProject as y } from '../features/projects/api/get-project';"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(code, filePath)).toContain(rule);
  });

  it.each([
    // Inside one feature, by alias or by relative path of any depth.
    ['apps/web/src/features/explore/components/charts/x.tsx', "import { breakAtGaps as y } from '../../utils/gaps';"],
    ['apps/web/src/features/explore/x.tsx', "import { saveBookmark as y } from '@/features/explore/api/bookmarks';"],
    ['apps/web/src/features/explore/components/x.tsx', "const y = () => import('./share-panel');"],
    // Shared code and packages from a feature.
    ['apps/web/src/features/maps/components/x.tsx', "import { MapCanvas as y } from '@/components/map/map-canvas';"],
    ['apps/web/src/features/maps/components/x.tsx', "import { callRoute as y } from '../../../lib/call-route';"],
    ['apps/web/src/features/maps/components/x.tsx', "import { routes as y } from '@groundtruth/contracts';"],
    // Only app/ composes features.
    ['apps/web/src/app/routes/x.tsx', "import { ExploreView as y } from '@/features/explore/components/explore-view';"],
    ['apps/web/src/app/x.tsx', "import { StationPage as y } from '../features/stations/components/station-page';"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(code, filePath)).not.toContain(rule);
  });

  it.each([
    [
      'apps/web/src/features/projects/api/x.ts',
      "import { apiClient } from '@/lib/api-client';\nconst y = apiClient.get('/projects', z);",
      'no-restricted-properties',
    ],
    [
      'apps/web/src/lib/auth/x.ts',
      "import { apiClient } from '../api-client';\nconst y = apiClient.post('/logout', z);",
      'no-restricted-properties',
    ],
    ['apps/web/src/lib/auth/x.ts', "import { requestToken as y } from '../api-client';", 'no-restricted-syntax'],
  ])('refuses a call restated by hand, in %s: %s', async (filePath, code, ruleId) => {
    expect(await rulesHit(code, filePath)).toContain(ruleId);
  });

  it.each([
    [
      'apps/web/src/features/projects/api/x.ts',
      "import { callRoute } from '@/lib/call-route';\nconst y = callRoute(routes.listProjects);",
    ],
    ['apps/web/src/lib/x.ts', "import { apiClient } from './api-client';\nconst y = apiClient.blob(photoUrl);"],
  ])('allows a call built from its route, or a media address as the server gave it, in %s: %s', async (filePath, code) => {
    const hit = await rulesHit(code, filePath);

    expect(hit).not.toContain('no-restricted-properties');
    expect(hit).not.toContain('no-restricted-syntax');
  });

  it('passes the web app as it stands', async () => {
    const results = await eslint.lintFiles(['apps/web/src']);
    const ours = [rule, 'no-restricted-properties', 'no-restricted-syntax'];
    const hits = results.flatMap((r) =>
      r.messages.filter((m) => ours.includes(m.ruleId ?? '')).map((m) => `${r.filePath}: ${m.message}`),
    );

    expect(hits).toEqual([]);
  });
});
