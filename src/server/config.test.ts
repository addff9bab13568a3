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
