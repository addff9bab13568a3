import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemoData: true,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.site.name.length).toBeGreaterThan(0);
  });

  it('reads the environment and treats blanks as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: '',
      SITE_NAME: 'Acme',
      PUBLIC_URL: 'https://acme.example.com/',
      ADMIN_EMAIL: 'a@example.com',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.site).toMatchObject({ name: 'Acme', publicUrl: 'https://acme.example.com' });
    expect(config.admin.email).toBe('a@example.com');
  });

  it('reads ALLOWED_HOSTS as a list of host[:port] in lower case, none by default, and refuses anything else', () => {
    expect(loadConfig({}).site.allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Agency.Example.com, localhost:5000 ,' }).site.allowedHosts,
    ).toEqual(['agency.example.com', 'localhost:5000']);
    for (const bad of ['https://agency.example.com', 'agency.example.com/x', 'a b', 'x@y'])
      expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, naming the variable', () => {
    for (const bad of [
      'mysql://agency:secret@db:3306/agency',
      'localhost:5432/agency',
      'agency',
      'postgres://',
      'http://db:5432/agency',
    ])
      expect(() => loadConfig({ DATABASE_URL: bad }), bad).toThrow(
        /DATABASE_URL must be a PostgreSQL URL/,
      );
    for (const good of ['postgres://a:b@db:5432/agency', 'postgresql://db/agency?sslmode=require'])
      expect(loadConfig({ DATABASE_URL: good }).databaseUrl).toBe(good);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'nope' })).toThrow(
      /PORT[\s\S]*SUPPORT_EMAIL/,
    );
  });
});

describe('payment and mail configuration', () => {
  it('runs in test mode without Stripe keys and mails the support address', () => {
    const config = loadConfig({ SUPPORT_EMAIL: 'help@example.com' });
    expect(config.stripe).toBeUndefined();
    expect(config.mail).toEqual({
      teamEmail: 'help@example.com',
      from: expect.stringContaining('<help@example.com>'),
      smtpUrl: undefined,
    });
  });

  it('takes Stripe only with all three keys', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
    });
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET missing/,
    );
  });

  it('refuses a public https site without Stripe unless test payments are asked for', () => {
    const https = { PUBLIC_URL: 'https://agency.example' };
    expect(() => loadConfig(https)).toThrow(
      /Invalid configuration:[\s\S]*PUBLIC_URL is https:\/\/ but no Stripe keys are set[\s\S]*ALLOW_TEST_PAYMENTS=true/,
    );
    expect(() => loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'false' })).toThrow(/no Stripe keys/);
    expect(() => loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(
      /ALLOW_TEST_PAYMENTS/,
    );
    expect(loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'true' }).stripe).toBeUndefined();
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ ...https, ...keys }).stripe?.secretKey).toBe('sk_live_x');
    // A fresh machine (no PUBLIC_URL) and a plain-http address keep test mode without asking.
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5000' }).stripe).toBeUndefined();
  });
});
