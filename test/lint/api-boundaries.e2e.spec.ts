import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';

/**
 * The API's feature boundaries (issue 26): `npm run lint` fails on a planted import that reaches into
 * another feature past its index.ts, or that closes an import cycle; the same imports made the
 * allowed way, and the tree as it stands, pass.
 */
describe('API feature boundary lint rules', () => {
  const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
  const rulesHit = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);
  const planted = (code: string) => `${code}\nexport const x = y;\n`;

  it.each([
    ['apps/api/src/projects/x.ts', "import { StationAccessQueries as y } from '../access/station-access.js';"],
    ['apps/api/src/stations/queries/x.ts', "import { ProjectsQueries as y } from '../../projects/queries/projects.queries.js';"],
    [
      'apps/api/src/projects/commands/x/x.handler.ts',
      "import { UsersQueries as y } from '../../../accounts/queries/users.queries.js';",
    ],
    ['apps/api/src/seed/x.ts', "import { SetRolesCommand as y } from '../accounts/commands/set-roles/set-roles.command.js';"],
    ['apps/api/src/status/x.ts', "import { UploadStates as y } from '../ingestion/queries/upload-states.js';"],
    ['apps/api/src/devices/x.ts', "import { readLatest as y } from '../sensors/queries/sensor-buckets.js';"],
  ])('refuses, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(planted(code), filePath)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    // The same imports through what the feature exports for the others.
    ['apps/api/src/projects/x.ts', "import { StationAccessQueries as y } from '../access/index.js';"],
    ['apps/api/src/stations/queries/x.ts', "import { ProjectsQueries as y } from '../../projects/index.js';"],
    ['apps/api/src/seed/x.ts', "import { SetRolesCommand as y } from '../accounts/index.js';"],
    // Inside a feature, and the shared folders, anything.
    ['apps/api/src/projects/x.ts', "import { ProjectsQueries as y } from './queries/projects.queries.js';"],
    ['apps/api/src/projects/x.ts', "import { CommandGateway as y } from '../common/cqrs/command-gateway.js';"],
    ['apps/api/src/projects/x.ts', "import { ReadModels as y } from '../read-models/read-models.js';"],
    // The composition root composes.
    ['apps/api/src/app.module.ts', "import { StationsModule as y } from './stations/stations.module.js';"],
  ])('allows, in %s: %s', async (filePath, code) => {
    expect(await rulesHit(planted(code), filePath)).not.toContain('import-x/no-restricted-paths');
  });

  // Station access is below projects (projects import it): an import back from it closes a loop.
  const accessFile = 'apps/api/src/access/station-access.ts';
  const accessCode = readFileSync(accessFile, 'utf8');

  it('refuses an import that closes a cycle (access -> projects -> access)', async () => {
    const code = `import { ProjectsQueries } from '../projects/index.js';\n${accessCode}\nexport const cycle = ProjectsQueries;\n`;
    expect(await rulesHit(code, accessFile)).toContain('import-x/no-cycle');
  });

  it('allows the same file as it stands (control)', async () => {
    expect(await rulesHit(accessCode, accessFile)).not.toContain('import-x/no-cycle');
  });

  // The cycle rule covers the libs and the projector too: the domain's error is below its deciders.
  const errorFile = 'libs/domain/src/kernel/domain-error.ts';
  const errorCode = readFileSync(errorFile, 'utf8');

  it('refuses a cycle in libs/domain (kernel -> projects -> kernel), and allows the file as it stands', async () => {
    const code = `import { projectDecider } from '../projects/project.decider.js';\n${errorCode}\nexport const cycle = projectDecider;\n`;
    expect(await rulesHit(code, errorFile)).toContain('import-x/no-cycle');
    expect(await rulesHit(errorCode, errorFile)).not.toContain('import-x/no-cycle');
  });

  it('passes the API as it stands: no feature reaches past another one`s index.ts, no cycle', async () => {
    const results = await eslint.lintFiles(['apps/api/src']);
    const hits = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
        .map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(hits).toEqual([]);
    expect(results.length).toBeGreaterThan(200);
  }, 180_000);
});
