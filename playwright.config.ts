import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium; Playwright never downloads a browser of its own.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4600);
// A fresh embedded database for every run.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
// The specs' mailbox (scripts/e2e-mailbox.mjs): the app delivers e-mail there, specs read one-time
// links from it (the outbox shows them redacted, docs/decisions/023).
const MAILBOX_SMTP_PORT = PORT + 1000;
const MAILBOX_URL = `http://127.0.0.1:${PORT + 2000}`;
/** The Postmark inbound webhook's basic-auth password in the browser tests (e2e/helpers.ts sends the same). */
const E2E_INBOUND_SECRET = 'e2e inbound webhook secret';

/**
 * Specs that change what every other spec sees (the billing clock, plan texts and settings): they
 * run after the others, one at a time. Every other spec keeps to its own data (its own business,
 * e-mail and client address), so two of them run at once, one per core.
 */
const SHARED_STATE = [
  'billing-clock.spec.ts',
  'dunning.spec.ts',
  'clients-billing.spec.ts',
  'phone-billing.spec.ts',
  'spanish-walk.spec.ts',
  'settings.spec.ts',
  'bilingual-content.spec.ts',
  // Edits the Growing plan's price and the portfolio, and reads revenue every payment changes.
  'applications.spec.ts',
  // The owner's consultation hours and booked times.
  'consultation.spec.ts',
  'delivery-walk.spec.ts',
  // The on-call rotation and the support clock.
  'support-walk.spec.ts',
  'uptime-walk.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  // Files in parallel, the tests of one file in order (several are serial flows).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
  },
  projects: [
    { name: 'own-data', testIgnore: SHARED_STATE },
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1, dependencies: ['own-data'] },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-mailbox.mjs',
      url: MAILBOX_URL,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { MAILBOX_SMTP_PORT: String(MAILBOX_SMTP_PORT), MAILBOX_HTTP_PORT: String(PORT + 2000) },
    },
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      // Migrations on a fresh PGlite take over a minute on a busy machine.
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SITE_NAME: 'Test Agency',
        SUPPORT_EMAIL: 'help@example.com',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'e2e owner passphrase',
        // Specs that sign in send their own X-Forwarded-For (`signInFrom`), as browsers behind a
        // proxy do, so the per-address sign-in limit (5 a minute) counts each spec on its own.
        TRUST_PROXY: 'true',
        // The hosts pages may name in their links (docs/decisions/022); ssr.spec renders pages for these at once.
        ALLOWED_HOSTS: 'one.example,two.example,three.example,four.example',
        // Test-only (docs/decisions/020): the website check may reach the specs' fake websites on
        // 127.0.0.1. Loopback only, never other private ranges; start-up refuses it with an https PUBLIC_URL.
        WEBSITE_FETCH_ALLOW_LOOPBACK: 'true',
        SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`,
        // Support (issue 30): the chat fake lives in the mailbox; inbound mail comes from the specs
        // as Postmark would send it (src/server/adapters/inbound-mail/fake.ts).
        CHAT_WEBHOOK_URL: `${MAILBOX_URL}/chat`,
        INBOUND_MAIL_PROVIDER: 'postmark',
        INBOUND_MAIL_SECRET: E2E_INBOUND_SECRET,
        INBOUND_MAIL_ADDRESS: 'support@inbound.example',
      },
    },
  ],
});
