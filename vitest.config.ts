import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web code under test imports compiled catalogs (src/locales/**/*.po), as in the build.
  plugins: [lingui()],
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/web/test-i18n.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
