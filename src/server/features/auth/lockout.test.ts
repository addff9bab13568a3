import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmail } from '../../../contract/auth/sign-in.js';
import { buildApp } from '../../app.js';
import { activityLog } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import {
  createTestDatabase,
  TEST_DATABASES,
  testConfig,
  type TestDatabase,
  type TestDatabaseKind,
} from '../../test/databases.js';
import { cookieOf, signedInEmployee } from '../../test/employees.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis.js';
import { ACCOUNT_FAILURE_LIMIT, DEVICE_COOKIE } from './sign-in-limits.js';

const REDIS_URL = TEST_REDIS_URL;
// Without Redis (outside CI) the Redis setup is left out, and redisAnswers says so.
const redisUp = await redisAnswers('lockout.test.ts');
const SETUPS: { kind: TestDatabaseKind; redis: boolean }[] = [
  ...TEST_DATABASES.map((kind) => ({ kind, redis: false })),
  ...(redisUp ? [{ kind: 'pglite' as const, redis: true }] : []),
];

describe.each(SETUPS)('sign-in limits on $kind (Redis: $redis)', ({ kind, redis }) => {
  let testDb: TestDatabase;
  // Two instances of the app on one database (and one Redis): the limits must hold across both.
  let apps: [FastifyInstance, FastifyInstance];
  const prefix = `test-lockout-${crypto.randomBytes(4).toString('hex')}:`;
  let n = 0;
  const address = () =>
    `10.${kind === 'pglite' ? (redis ? 21 : 22) : 23}.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const config = testConfig(redis ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {});
    apps = [
      await buildApp({ config, database: testDb.database }),
      await buildApp({ config, database: testDb.database }),
    ];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await testDb.cleanup();
    if (redis) {
      const client = new Redis(REDIS_URL);
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      await client.quit();
    }
  });

  const signIn = (
    i: number,
    email: string,
    password: string,
    cookie?: string,
    remoteAddress = address(),
  ) =>
    apps[i % 2]!.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
  const failures = async (email: string) =>
    testDb.database.db.$count(
      activityLog,
      and(eq(activityLog.actorEmail, email), eq(activityLog.action, 'sign-in.failed')),
    );

  it('lets exactly 10 of 40 parallel wrong passwords for one account reach the password check', async () => {
    const target = await signedInEmployee(apps[0], testDb.database.db);
    const before = await failures(target.email);
    const codes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(i, target.email, `wrong guess number ${i}`).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - ACCOUNT_FAILURE_LIMIT);
    expect((await failures(target.email)) - before).toBe(ACCOUNT_FAILURE_LIMIT);
  });

  it("keeps the employee's own browser signing in while a stranger has used up the account's attempts", async () => {
    const employee = await signedInEmployee(apps[0], testDb.database.db);
    // The employee's browser signed in before: it carries a device cookie for this account.
    const own = await signIn(1, employee.email, employee.password);
    expect(own.statusCode).toBe(200);
    const device = cookieOf(own)
      .split('; ')
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(device).toBeDefined();
    expect([own.headers['set-cookie']].flat().join('\n')).toMatch(
      new RegExp(`${DEVICE_COOKIE}=[^;]+; Max-Age=\\d+; Path=/api/auth; HttpOnly; SameSite=Strict`),
    );

    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
      expect((await signIn(i, employee.email, `stranger guess ${i}`)).statusCode).toBe(401);
    // Without the cookie, even the right password waits out the window.
    const locked = await signIn(0, employee.email, employee.password);
    expect([locked.statusCode, locked.json().message]).toEqual([
      429,
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
    ]);
    // With it, on either instance, the employee gets in.
    expect((await signIn(0, employee.email, employee.password, device)).statusCode).toBe(200);
    expect((await signIn(1, employee.email, employee.password, device)).statusCode).toBe(200);

    // A forged cookie, or a genuine one of another account (the stranger's own), is no cookie.
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    expect((await signIn(0, employee.email, employee.password, forged)).statusCode).toBe(429);
    const stranger = await signedInEmployee(apps[0], testDb.database.db);
    const strangerDevice = cookieOf(await signIn(0, stranger.email, stranger.password))
      .split('; ')
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect((await signIn(1, employee.email, employee.password, strangerDevice)).statusCode).toBe(
      429,
    );
  });

  it("holds the device's own limit: a stolen device cookie gets 10 guesses, no more", async () => {
    const employee = await signedInEmployee(apps[0], testDb.database.db);
    const device = cookieOf(await signIn(0, employee.email, employee.password))
      .split('; ')
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
      expect((await signIn(i, employee.email, `thief guess ${i}`, device)).statusCode).toBe(401);
    expect((await signIn(1, employee.email, employee.password, device)).statusCode).toBe(429);
    // The account's own bucket was not touched by the device's failures: a new browser still gets in.
    expect((await signIn(0, employee.email, employee.password)).statusCode).toBe(200);
  });

  it('counts the per-address limit across both instances', async () => {
    const employee = await signedInEmployee(apps[0], testDb.database.db);
    const from = address();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await signIn(i, employee.email, `wrong from one place ${i}`, undefined, from)).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await signIn(1, employee.email, employee.password, undefined, from);
    expect([limited.statusCode, limited.json().message]).toEqual([
      429,
      'Too many sign-in attempts from your address. Please wait a minute and try again.',
    ]);
  });
});
