import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The import direction: web and server never import each other; both may import src/contract. */
const forbid = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'test-results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(['**/server/**', '**/server'], 'The web app must not import server code; share types through src/contract.'),
  },
  {
    files: ['src/server/**'],
    rules: forbid(['**/web/**', '**/web'], 'The server must not import web code; share types through src/contract.'),
  },
  {
    files: ['src/contract/**'],
    rules: forbid(['**/server/**', '**/web/**', 'react', 'fastify', 'drizzle-orm', 'drizzle-orm/*'], 'The contract is shared by web and server: plain TypeScript and zod only.'),
  },
);
