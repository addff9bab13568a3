import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, host: '0.0.0.0', databaseUrl: undefined, seedDemoData: true, trustProxy: false });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.site.name.length).toBeGreaterThan(0);
  });

  it('reads the environment and treats blanks as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', SITE_NAME: 'Acme', PUBLIC_URL: 'https://acme.example.com/', ADMIN_EMAIL: 'a@example.com' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.site).toMatchObject({ name: 'Acme', publicUrl: 'https://acme.example.com' });
    expect(config.admin.email).toBe('a@example.com');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'nope' })).toThrow(/PORT[\s\S]*SUPPORT_EMAIL/);
  });
});

describe('payment and mail configuration', () => {
  it('runs in test mode without Stripe keys and mails the support address', () => {
    const config = loadConfig({ SUPPORT_EMAIL: 'help@example.com' });
    expect(config.stripe).toBeUndefined();
    expect(config.mail).toEqual({ teamEmail: 'help@example.com', from: expect.stringContaining('<help@example.com>'), smtpUrl: undefined });
  });

  it('takes Stripe only with all three keys', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' });
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET missing/);
  });
});
