// Lint rules, including the import boundaries of docs/architecture.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const SERVER_NEVER_IMPORTS_WEB = { group: ['**/web/**'], message: 'The server never imports the web app.' };

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary(
    ['common/**'],
    [
      { group: ['**/server/**', '**/web/**'], message: 'common/ is shared: it imports only zod.' },
      { group: ['node:*', 'react', 'react-*', 'fastify*', 'kysely'], message: 'common/ is pure TypeScript + zod.' },
    ],
  ),
  boundary(['server/**'], [SERVER_NEVER_IMPORTS_WEB]),
  {
    // Read-path rule 2 (docs/architecture.md): every query goes through Kysely on the database layer's
    // connection, which waits for an open transaction; a raw handle on it would see uncommitted rows.
    files: ['server/**'],
    ignores: ['server/db/database.ts', 'server/db/backup.ts', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_NEVER_IMPORTS_WEB,
            { group: ['better-sqlite3'], message: 'Query through Kysely (server/db/database.ts), never a raw SQLite handle.' },
          ],
        },
      ],
    },
  },
  {
    // Read-path rule 4: logging through pino's public API only.
    files: ['server/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'pino', property: 'symbols', message: "pino's internal symbols are not its API." }],
    },
  },
  boundary(['web/**'], [{ group: ['**/server/**'], message: 'The web app never imports the server; share through common/.' }]),
  boundary(
    ['web/components/ui/**'],
    [{ group: ['**/features/**', '**/pages/**', '**/app/**'], message: 'UI primitives know nothing of features, pages or the app.' }],
  ),
  boundary(
    ['web/features/**'],
    [
      { regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: 'Features do not import each other; compose them in a page.' },
      { group: ['**/pages/**'], message: 'Features do not import pages.' },
    ],
  ),
);
