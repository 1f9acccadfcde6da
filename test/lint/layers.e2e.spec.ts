import { ESLint } from 'eslint';

/**
 * The layer rules of STYLE.md beyond the domain's (domain-layer.e2e): `npm run lint` fails on a planted
 * import that crosses a layer, and lets the same import through where the layers allow it.
 */
describe('layer lint rules', () => {
  const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
  const rulesHit = async (code: string, filePath: string) =>
    (await eslint.lintText(`${code}\nexport const x = y;\n`, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it.each([
    ['libs/contracts/src/projects/x.ts', "import y from 'pg';"],
    ['libs/contracts/src/projects/x.ts', "import { openRuntime as y } from '@groundtruth/platform';"],
    ['libs/platform/src/postgres/x.ts', "import { AppModule as y } from '@groundtruth/api';"],
    ['libs/platform/src/postgres/x.ts', "import { ProjectorService as y } from '../../../../apps/projector/src/index.js';"],
    ['apps/web/src/features/explore/x.tsx', "import { PG_POOL as y } from '@groundtruth/platform';"],
    ['apps/web/src/features/explore/x.tsx', "import { Injectable as y } from '@nestjs/common';"],
    ['apps/web/src/features/explore/x.tsx', "import { readFileSync as y } from 'node:fs';"],
    ['apps/web/src/features/explore/x.tsx', "import { AppModule as y } from '../../../../api/src/app.module.js';"],
    ['apps/api/src/common/cqrs/x.ts', "import { ProjectorService as y } from '@groundtruth/projector';"],
    ['apps/api/src/exports/x.ts', "import { ExportRunner as y } from '../../../projector/src/index.js';"],
    ['apps/projector/src/exports/x.ts', "import { AppModule as y } from '@groundtruth/api';"],
    ['apps/projector/src/exports/x.ts', "import { CommandGateway as y } from '../../../api/src/common/cqrs/command-gateway.js';"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(code, filePath)).toContain('no-restricted-imports');
  });

  it.each([
    // The composition roots are where the API and the projector meet.
    ['apps/api/src/app.module.ts', "import { ProjectorService as y } from '@groundtruth/projector';"],
    ['apps/api/src/main.ts', "import { runProcess as y } from '@groundtruth/projector';"],
    // Each layer's own allowed imports, including folders that share a package's name.
    ['libs/contracts/src/projects/x.ts', "import { route as y } from '../http/route.js';"],
    ['libs/contracts/src/projects/x.ts', "import { fold as y } from '@groundtruth/domain';"],
    ['apps/web/src/features/explore/x.tsx', "import { routes as y } from '@groundtruth/contracts';"],
    ['apps/web/src/features/explore/x.tsx', "import { io as y } from 'socket.io-client';"],
    ['apps/web/src/features/explore/x.tsx', "import { saveBookmark as y } from '../api/bookmarks.js';"],
    ['apps/projector/src/exports/x.ts', "import { PG_POOL as y } from '@groundtruth/platform';"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(code, filePath)).not.toContain('no-restricted-imports');
  });
});
