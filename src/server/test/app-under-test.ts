import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ANSWERS } from '../../contract/answers.js';
import { buildApp, type AppOptions } from '../app.js';
import { registerAnswerCheck } from '../http/answer-check.js';
import type { Config } from '../config.js';
import type { EmployeeRole } from '../../contract/employees/employees.js';
import {
  createTestDatabase,
  testConfig,
  type TestDatabase,
  type TestDatabaseKind,
} from './databases.js';
import { signedInEmployee } from './employees.js';

export interface AppUnderTest {
  testDb: TestDatabase;
  app: FastifyInstance;
  /** The config the app was built with (`testConfig()` unless the options gave one). */
  config: Config;
  /** The session cookie of a signed-in employee of `role`; '' when `role` is null. */
  cookie: string;
}

export interface AppUnderTestOptions extends Omit<Partial<AppOptions>, 'database'> {
  /** The role of the employee signed in before the tests (staff by default); null signs nobody in. */
  role?: EmployeeRole | null;
  /** Seed the database with the plans and the demo data (default true), as `createTestDatabase`. */
  seed?: boolean;
}

/**
 * The usual set-up of an API test file: a fresh database of `kind`, the app on it and a
 * signed-in employee, made before the tests and closed after them. Read the fields inside tests.
 * `options` may be a function, called before the tests, for options that need something started
 * first (a fake provider's URL, a temporary directory).
 */
export function appUnderTest(
  kind: TestDatabaseKind,
  options: AppUnderTestOptions | (() => AppUnderTestOptions | Promise<AppUnderTestOptions>) = {},
): AppUnderTest {
  const ctx = {} as AppUnderTest;
  beforeAll(async () => {
    const {
      role = 'staff',
      seed,
      ...appOptions
    } = typeof options === 'function' ? await options() : options;
    ctx.testDb = await createTestDatabase(kind, { seed });
    ctx.config = appOptions.config ?? testConfig();
    // The app's own wiring, as the server builds it; its shared services are `app.services`.
    ctx.app = await buildApp({ ...appOptions, config: ctx.config, database: ctx.testDb.database });
    registerAnswerCheck(ctx.app, ANSWERS);
    ctx.cookie =
      role === null ? '' : (await signedInEmployee(ctx.app, ctx.testDb.database.db, role)).cookie;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.testDb?.cleanup();
  });
  return ctx;
}
