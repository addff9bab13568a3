import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The public site's message catalogs (docs/decisions/015): one folder per language under
 * src/locales/, one .po file per part of the site, loaded with the page that needs it. Messages
 * have explicit ids (`plans.title`); en is the source, every other language has the same ids.
 * The Vite plugin compiles them at build time, so the browser gets no ICU parser.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: false,
  catalogs: [
    ...[
      'site',
      'checkout',
      'account',
      'forms',
      'register',
      'onboarding',
      'project',
      'consultation',
      'support',
    ].map((part) => ({
      path: `<rootDir>/src/locales/{locale}/${part}`,
      include: ['<rootDir>/src/web'],
    })),
    // The server's: the page shell's head and the e-mails to clients (src/server/locales.ts compiles them at run time).
    ...['shell', 'emails'].map((part) => ({
      path: `<rootDir>/src/locales/{locale}/${part}`,
      include: ['<rootDir>/src/server'],
    })),
    // The errors a client can meet, by code (src/contract/lib/errors.ts): the server's English, the pages' words.
    {
      path: '<rootDir>/src/locales/{locale}/errors',
      include: ['<rootDir>/src/contract', '<rootDir>/src/web'],
    },
  ],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
