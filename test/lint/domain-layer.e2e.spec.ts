import { ESLint } from 'eslint';

/** The layer rule of STYLE.md: `npm run lint` fails when libs/domain imports a framework or I/O package. */
describe('domain layer lint rule', () => {
  const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
  const lint = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it.each([
    "import { Injectable } from '@nestjs/common';",
    "import pg from 'pg';",
    "import { EntityManager } from '@mikro-orm/core';",
    "import { createClient } from '@clickhouse/client';",
    "import { EventStoreDBClient } from '@eventstore/db-client';",
    "import { readFileSync } from 'node:fs';",
    "import http from 'node:http';",
    "import { Server } from 'socket.io';",
    "import { openRuntime } from '@groundtruth/platform';",
  ])('refuses %s in libs/domain', async (code) => {
    expect(await lint(`${code}\nexport const x = 1;\n`, 'libs/domain/src/projects/x.ts')).toContain('no-restricted-imports');
  });

  it('allows the same import outside libs/domain, and pure imports inside it', async () => {
    expect(await lint("import pg from 'pg';\nexport const x = pg;\n", 'libs/platform/src/x.ts')).not.toContain(
      'no-restricted-imports',
    );
    expect(
      await lint("import { fold } from '../kernel/decider.js';\nexport const x = fold;\n", 'libs/domain/src/projects/x.ts'),
    ).toEqual([]);
  });
});
