import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// Tests that measure time (event-loop delay, response-time medians, linear-time parsers, timeouts)
// run after the others, one file at a time, so the other files' load cannot fail them.
const TIMED = [
  'src/server/features/leads/website-check-hostile.test.ts',
  'src/server/features/leads/website-checks.test.ts',
  'src/server/features/account/routes.test.ts',
  'src/server/adapters/website/*.test.ts',
  'src/server/test/faults/*.test.ts',
];

export default defineConfig({
  // Web code under test imports compiled catalogs (src/locales/**/*.po), as in the build.
  plugins: [lingui()],
  test: {
    setupFiles: ['src/web/test-i18n.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores: most files wait on PostgreSQL or PGlite, not on each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts'],
          exclude: TIMED,
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      // Component tests (screens and features): a DOM, no database.
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
