// Jest runs in ESM mode (Nest 12 is ESM-only): see TOOLCHAIN.md. Tests sit beside the code:
// *.unit.spec.ts (no I/O), *.int.spec.ts (real Postgres / ClickHouse), and cross-app suites in test/.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const mapper = {
  '^@groundtruth/domain/testing$': '<rootDir>/libs/domain/src/testing/index.ts',
  '^@groundtruth/(domain|contracts|platform)$': '<rootDir>/libs/$1/src/index.ts',
  '^@groundtruth/(api|projector)$': '<rootDir>/apps/$1/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
  // The web app's own alias, for its pure modules' unit tests.
  '^@/(.*)$': '<rootDir>/apps/web/src/$1',
};

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: mapper,
  testEnvironment: 'node',
};

export default {
  rootDir: '.',
  // A global option (Jest ignores it inside a project): the e2e setups start a whole product.
  testTimeout: 60000,
  // Two at a time even on two cores: the end-to-end files spend most of their time waiting on
  // Postgres, chDB and timers, and one worker (Jest's default there) ran them one after another.
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.unit.spec.ts', '<rootDir>/apps/web/build/*.unit.spec.ts'],
    },
    {
      ...common,
      displayName: 'int',
      testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.int.spec.ts', '<rootDir>/test/**/*.e2e.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
