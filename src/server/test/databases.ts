import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../seed/seed.js';
import { loadConfig, type Config } from '../config.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const TEST_DATABASES: TestDatabaseKind[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this throw-away database. */
  url?: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite from the template dump, or a throw-away PostgreSQL
 * database created next to TEST_DATABASE_URL and dropped by `cleanup`.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: { seed?: boolean } = {},
): Promise<TestDatabase> {
  let result: TestDatabase;
  if (kind === 'pglite') {
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: template });
    result = { database, cleanup: () => database.close() };
  } else {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    await migrate(database);
    result = {
      database,
      url: url.toString(),
      cleanup: async () => {
        await database.close();
        await adminQuery(base, `drop database if exists ${name} with (force)`);
      },
    };
  }
  if (options.seed ?? true) await seed(result.database, { demoData: true });
  return result;
}

async function adminQuery(base: URL, sql: string) {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  // Tests run in test mode on purpose, also those that set an https PUBLIC_URL.
  return loadConfig({
    NODE_ENV: 'test',
    SITE_NAME: 'Test Agency',
    SUPPORT_EMAIL: 'help@example.com',
    ALLOW_TEST_PAYMENTS: 'true',
    ...overrides,
  });
}
