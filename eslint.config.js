import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// The import direction of README.md 'Architecture', one rule per line, each with its reason.
// The test src/lint-rules.test.ts proves that every rule here fails `npm run lint` when broken.
const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except ? { except } : {}),
});
const BOUNDARIES = [
  zone(
    './src/web',
    './src/server',
    'The web app must not import server code; share types through src/contract.',
  ),
  zone(
    './src/server',
    './src/web',
    'The server must not import web code; share types through src/contract.',
  ),
  zone(
    './src/contract',
    ['./src/server', './src/web'],
    'The contract is shared by web and server: it imports neither.',
  ),
  zone(
    './src/server/adapters',
    './src/server/features',
    'Adapters hide an outside service and know no feature: pass what they need in.',
  ),
  zone(
    './src/server/db',
    './src/server/features',
    'The database layer knows no feature: seeding lives with the features.',
  ),
  zone(
    './src/server/http',
    './src/server/features',
    'HTTP plumbing knows no feature: app.ts wires features into it.',
  ),
  zone(
    './src/web/components',
    ['./src/web/features', './src/web/screens'],
    'Design-system components know no feature: pass data and callbacks in.',
  ),
  zone(
    './src/web/lib',
    ['./src/web/features', './src/web/screens'],
    'Web lib helpers know no feature.',
  ),
  zone(
    './src/web/features',
    './src/web/screens',
    'Features never import screens: screens compose features.',
  ),
];

// A feature reaches another only through that feature's public entry: `index.ts` (or, on the
// web, `admin.ts` for what only the admin area needs). From inside a feature folder, `../other/x`
// is another feature's inside; from anywhere else it is `features/other/x`. Routes and admin
// sections are loaded lazily by file with import(), which this rule does not see (on purpose).
const PUBLIC_ENTRY =
  'Import another feature through its public entry (features/<name>, or features/<name>/admin on the web), not its files.';
const restricted = (patterns) => ['error', { patterns }];
const intoFeature = {
  regex: String.raw`(^|/)features/[\w-]+/(?!admin$|index(\.js)?$)[\w.-]+$`,
  message: PUBLIC_ENTRY,
};
const intoSibling = {
  regex: String.raw`^\.\./(?!\.\.)[\w-]+/(?!admin$|index(\.js)?$)[\w.-]+$`,
  message: PUBLIC_ENTRY,
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.builds/',
      'node_modules/',
      'data/',
      '.tmp/',
      'test-results/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      // A cycle makes load order matter and a change in one file break another; types only are fine.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': restricted([
        {
          group: [
            'react',
            'react-dom',
            'fastify',
            'drizzle-orm',
            'drizzle-orm/*',
            'pg',
            '@electric-sql/*',
          ],
          message: 'The contract is shared by web and server: plain TypeScript and zod only.',
        },
      ]),
    },
  },
  {
    // Screens and the router reach features through their entries; so do app.ts (the feature
    // list) and context.ts (what features share). start.ts, cli/, seed/ and test/ may reach in.
    files: ['src/web/**', 'src/server/app.ts', 'src/server/context.ts'],
    ignores: ['src/web/features/**'],
    rules: { 'no-restricted-imports': restricted([intoFeature]) },
  },
  {
    files: ['src/web/features/**', 'src/server/features/**'],
    rules: { 'no-restricted-imports': restricted([intoSibling, intoFeature]) },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The hooks' rules: hooks called in the same order every render, effects that list what they read.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Type-aware rules for the server: promises that are awaited or handled, no `any` leaking through.
    files: ['src/server/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    // Fastify plugins and implementations of async interfaces are async by contract, awaiting or not.
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read answers with inject().json() (typed any) and assert on them: the assertion is the check.
    files: ['src/server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
