import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import type { EmployeeRole } from '../../contract/employees.js';
import { createTestDatabase, testConfig, type TestDatabase, type TestDatabaseKind } from './databases.js';
import { signedInEmployee } from './employees.js';

export interface AppUnderTest {
  testDb: TestDatabase;
  app: FastifyInstance;
  /** The session cookie of a signed-in employee of `role`. */
  cookie: string;
}

/**
 * The usual set-up of an API test file: a fresh database of `kind`, the app on it and a
 * signed-in employee, made before the tests and closed after them. Read the fields inside tests.
 */
export function appUnderTest(kind: TestDatabaseKind, options: Omit<Partial<AppOptions>, 'database'> & { role?: EmployeeRole } = {}): AppUnderTest {
  const ctx = {} as AppUnderTest;
  const { role = 'staff', ...appOptions } = options;
  beforeAll(async () => {
    ctx.testDb = await createTestDatabase(kind);
    ctx.app = await buildApp({ config: testConfig(), ...appOptions, database: ctx.testDb.database });
    ctx.cookie = (await signedInEmployee(ctx.app, ctx.testDb.database.db, role)).cookie;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.testDb?.cleanup();
  });
  return ctx;
}
