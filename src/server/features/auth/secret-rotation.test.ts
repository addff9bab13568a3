import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  confirmTwoFactor,
  enableTwoFactor,
  getCurrentEmployee,
} from '../../../contract/auth/employee-account.js';
import { signInWithEmail, verifyBackupCode } from '../../../contract/auth/sign-in.js';
import type { AnyEndpoint } from '../../../contract/lib/endpoint.js';
import { buildApp } from '../../app.js';
import { twoFactor, user } from '../../db/auth-schema.js';
import { apiPath } from '../../test/api-path.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/databases.js';
import { cookieOf, signedInEmployee } from '../../test/employees.js';
import { totpFromUri } from '../../test/totp.js';
import { ACCOUNT_FAILURE_LIMIT, DEVICE_COOKIE } from './sign-in-limits.js';
import { secretVersion } from './secrets.js';

const A = crypto.randomBytes(32).toString('base64url');
const B = crypto.randomBytes(32).toString('base64url');

/** The session cookie's value is `<token>.<HMAC-SHA256 of the token, base64>`: which secret signed it? */
function signedWith(cookie: string, secret: string): boolean {
  const value = decodeURIComponent(/agency\.session_token=([^;]+)/.exec(cookie)![1]!);
  const dot = value.lastIndexOf('.');
  const mac = crypto.createHmac('sha256', secret).update(value.slice(0, dot)).digest('base64');
  return value.slice(dot + 1) === mac;
}

describe('rotating AUTH_SECRET (PGlite)', () => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];
  let n = 0;
  // Better Auth limits calls per address: each request comes from its own.
  const address = () => `10.77.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite', { seed: false });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await testDb?.cleanup();
  });

  async function appWith(env: NodeJS.ProcessEnv) {
    const app = await buildApp({ config: testConfig(env), database: testDb.database });
    apps.push(app);
    const post = (endpoint: AnyEndpoint, payload: object, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: apiPath(endpoint),
        payload,
        remoteAddress: address(),
        headers: cookie ? { cookie } : {},
      });
    const me = (cookie: string) =>
      app.inject({ url: apiPath(getCurrentEmployee), headers: { cookie } });
    return { app, post, me };
  }

  it('keeps sessions, device cookies and second factors across a rotation; dropping the old secret ends its sessions cleanly', async () => {
    // Before: secret A. An employee signed in (with a device cookie), another with an authenticator app.
    const before = await appWith({ AUTH_SECRET: A });
    const plain = await signedInEmployee(before.app, testDb.database.db, 'staff');
    expect(signedWith(plain.cookie, A)).toBe(true);
    expect(plain.cookie).toContain(`${DEVICE_COOKIE}=`);
    const guarded = await signedInEmployee(before.app, testDb.database.db, 'owner');
    const enabled = await before.post(
      enableTwoFactor,
      { password: guarded.password },
      guarded.cookie,
    );
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(
      (await before.post(confirmTwoFactor, { code: totpFromUri(totpURI) }, guarded.cookie))
        .statusCode,
    ).toBe(200);

    // Rotated: B signs, A is still accepted.
    const rotated = await appWith({ AUTH_SECRET: B, AUTH_SECRET_PREVIOUS: A });
    expect((await rotated.me(plain.cookie)).json()).toMatchObject({ email: plain.email });
    const fresh = await rotated.post(signInWithEmail, {
      email: plain.email,
      password: plain.password,
    });
    expect(fresh.statusCode).toBe(200);
    expect(signedWith(cookieOf(fresh), B)).toBe(true);
    // The second factor was encrypted again under B at start-up, and still reads.
    const [row] = await testDb.database.db
      .select({ secret: twoFactor.secret })
      .from(twoFactor)
      .innerJoin(user, eq(user.id, twoFactor.userId))
      .where(eq(user.email, guarded.email));
    expect(row!.secret.startsWith(`$ba$${secretVersion(B)}$`)).toBe(true);
    const challenge = cookieOf(
      await rotated.post(signInWithEmail, { email: guarded.email, password: guarded.password }),
    );
    expect(
      (await rotated.post(verifyBackupCode, { code: backupCodes[0] }, challenge)).statusCode,
    ).toBe(200);
    // The device cookie made under A still lets its browser in while strangers have used up the
    // account's attempts.
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
      await rotated.post(signInWithEmail, { email: plain.email, password: `wrong guess ${i}!!` });
    expect(
      (await rotated.post(signInWithEmail, { email: plain.email, password: plain.password }))
        .statusCode,
    ).toBe(429);
    const device = plain.cookie.split('; ').find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(
      (
        await rotated.post(
          signInWithEmail,
          { email: plain.email, password: plain.password },
          device,
        )
      ).statusCode,
    ).toBe(200);

    // A dropped: its cookies sign nobody in (401, not an error); B's and the second factor work.
    const after = await appWith({ AUTH_SECRET: B });
    const old = await after.me(plain.cookie);
    expect([old.statusCode, old.json()]).toEqual([
      401,
      expect.objectContaining({ message: expect.any(String) }),
    ]);
    expect((await after.me(cookieOf(fresh))).json()).toMatchObject({ email: plain.email });
    const again = cookieOf(
      await after.post(signInWithEmail, { email: guarded.email, password: guarded.password }),
    );
    expect((await after.post(verifyBackupCode, { code: backupCodes[1] }, again)).statusCode).toBe(
      200,
    );
  });
});
