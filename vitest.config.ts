import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web code under test imports compiled catalogs (src/locales/**/*.po), as in the build.
  plugins: [lingui()],
  test: {
    setupFiles: ['src/web/test-i18n.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts'],
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
    ],
  },
});
