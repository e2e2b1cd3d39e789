import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const warehouseDrivers = { group: ['@duckdb/*', 'mysql2', 'mysql2/*'], message: 'Only connectors/ imports warehouse drivers.' };
const serverNotWeb = { group: ['@tessera/web', '**/web/src/**'], message: 'server never imports web.' };
const headlessBrowser = { group: ['playwright-core', 'playwright-core/*', 'playwright', '@playwright/*'], message: 'Only screenshots/ drives the headless browser.' };

export default defineConfig(
  globalIgnores(['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', '**/*.d.ts']),
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Import direction: core is pure and imports nothing internal; web and server never import each other.
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'core is pure and isomorphic: no I/O or Node modules.' },
            { group: ['@tessera/server', '@tessera/web', '**/server/**', '**/web/**'], message: 'core imports nothing internal.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@tessera/server', '**/server/src/**'], message: 'web never imports server.' }] },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@tessera/web', '**/web/src/**'], message: 'server never imports web.' }] },
      ],
    },
  },
  // Only connectors import warehouse drivers; only the metadata store and repositories import Kysely.
  // Only screenshots/ drives the headless browser. (A later block replaces the rule for its files, so each lists all.)
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/connectors/**', 'packages/server/src/examples/**', 'packages/server/src/metadata-store/**', 'packages/server/src/**/*.test.ts', 'packages/server/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [warehouseDrivers, serverNotWeb, headlessBrowser] }],
    },
  },
  {
    files: ['packages/server/src/connectors/**/*.ts', 'packages/server/src/examples/**/*.ts', 'packages/server/src/metadata-store/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNotWeb, headlessBrowser] }],
    },
  },
  {
    files: ['packages/server/src/screenshots/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [warehouseDrivers, serverNotWeb] }],
    },
  },
);
