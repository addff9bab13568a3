import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getCurrentEmployee,
} from '../../../contract/auth/employee-account.js';
import { signInWithEmail, verifyBackupCode, verifyTotp } from '../../../contract/auth/sign-in.js';
import type { AnyEndpoint } from '../../../contract/lib/endpoint.js';
import { buildApp } from '../../app.js';
import { activityLog } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { cookieOf, signedInEmployee } from '../../test/employees.js';
import { totpFromUri } from '../../test/totp.js';

describe.each(TEST_DATABASES)('two-factor sign-in on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null });
  // Better Auth allows 3 two-factor calls per address per 10 s: each call gets its own address.
  let n = 0;
  const address = () => `10.${kind === 'pglite' ? 5 : 6}.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  const post = (endpoint: AnyEndpoint, payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(endpoint),
      payload,
      remoteAddress: address(),
      headers: cookie ? { cookie } : {},
    });

  it('is turned on with the password and a code from the app, then asked for at every sign-in', async () => {
    const me = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    expect(
      (await post(enableTwoFactor, { password: 'not my password!!' }, me.cookie)).statusCode,
    ).toBe(400);
    const enabled = await post(enableTwoFactor, { password: me.password }, me.cookie);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    // Not on until a code from the app proves it was set up.
    expect(
      (
        await ctx.app.inject({ url: apiPath(getCurrentEmployee), headers: { cookie: me.cookie } })
      ).json().twoFactorEnabled,
    ).toBe(false);
    const wrongSetup = await post(confirmTwoFactor, { code: '000000' }, me.cookie);
    expect(wrongSetup.statusCode).toBeGreaterThanOrEqual(400);
    const confirmed = await post(confirmTwoFactor, { code: totpFromUri(totpURI) }, me.cookie);
    expect(confirmed.statusCode).toBe(200);
    const session = cookieOf(confirmed) || me.cookie;
    expect(
      (
        await ctx.app.inject({ url: apiPath(getCurrentEmployee), headers: { cookie: session } })
      ).json().twoFactorEnabled,
    ).toBe(true);

    // The password alone no longer signs in: a second-factor challenge, no session.
    const first = await post(signInWithEmail, { email: me.email, password: me.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieOf(first);
    expect(challenge).toMatch(/two_factor=/);
    expect(challenge).not.toMatch(/session_token=[^;]/);

    const wrong = await post(verifyTotp, { code: '123456' }, challenge);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'That code is not right. Check the code in your authenticator app and try again.',
    });

    const second = await post(verifyTotp, { code: totpFromUri(totpURI) }, challenge);
    expect(second.statusCode).toBe(200);
    const user = await ctx.app.inject({
      url: apiPath(getCurrentEmployee),
      headers: { cookie: cookieOf(second) },
    });
    expect(user.json()).toMatchObject({ email: me.email, twoFactorEnabled: true });

    // A backup code works once instead of the app.
    const again = cookieOf(await post(signInWithEmail, { email: me.email, password: me.password }));
    expect((await post(verifyBackupCode, { code: backupCodes[0] }, again)).statusCode).toBe(200);
    const reuse = cookieOf(await post(signInWithEmail, { email: me.email, password: me.password }));
    expect(
      (await post(verifyBackupCode, { code: backupCodes[0] }, reuse)).statusCode,
    ).toBeGreaterThanOrEqual(400);

    const actions = (
      await ctx.testDb.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.actorEmail, me.email))
        .orderBy(desc(activityLog.at))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'two-factor.setup',
        'two-factor.enabled',
        'sign-in.second-factor-asked',
        'sign-in',
      ]),
    );
    expect(actions.filter((a) => a === 'sign-in.failed').length).toBeGreaterThanOrEqual(2);
  });

  it('takes a code once: the same code is refused at the next sign-in, on another instance too', async () => {
    const me = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    const { totpURI, backupCodes } = (
      await post(enableTwoFactor, { password: me.password }, me.cookie)
    ).json<{
      totpURI: string;
      backupCodes: string[];
    }>();
    // Confirmed with the previous step's code, so the sign-ins below can use the current one.
    expect(
      (await post(confirmTwoFactor, { code: totpFromUri(totpURI, Date.now() - 30_000) }, me.cookie))
        .statusCode,
    ).toBe(200);
    const code = totpFromUri(totpURI);
    const challenge = async (on = ctx.app) =>
      cookieOf(
        await on.inject({
          method: 'POST',
          url: apiPath(signInWithEmail),
          payload: { email: me.email, password: me.password },
          remoteAddress: address(),
        }),
      );
    const verify = (on: FastifyInstance, cookie: string, body: object, kind = 'totp') =>
      on.inject({
        method: 'POST',
        url: apiPath(kind === 'totp' ? verifyTotp : verifyBackupCode),
        payload: body,
        remoteAddress: address(),
        headers: { cookie },
      });

    expect((await verify(ctx.app, await challenge(), { code })).statusCode).toBe(200);
    const other = await buildApp({ config: testConfig(), database: ctx.testDb.database });
    try {
      const reused = await verify(other, await challenge(other), { code });
      expect([reused.statusCode, reused.json()]).toEqual([
        401,
        {
          message:
            'That code was already used. Wait for the next code in your authenticator app and try again.',
        },
      ]);
      expect((await verify(ctx.app, await challenge(), { code })).statusCode).toBe(401);
      // A wrong code does not use up anything; the next code from the app works.
      expect(
        (
          await verify(other, await challenge(other), {
            code: code === '000000' ? '111111' : '000000',
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await verify(other, await challenge(other), {
            code: totpFromUri(totpURI, Date.now() + 30_000),
          })
        ).statusCode,
      ).toBe(200);

      // Two parallel uses of one backup code (two challenges): Better Auth burns it once.
      const [a, b] = await Promise.all([challenge(), challenge(other)]);
      const both = await Promise.all([
        verify(ctx.app, a, { code: backupCodes[1] }, 'backup-code'),
        verify(other, b, { code: backupCodes[1] }, 'backup-code'),
      ]);
      expect(both.map((r) => r.statusCode < 400)).toEqual(expect.arrayContaining([true, false]));
    } finally {
      await other.close();
    }
    const reasons = (
      await ctx.testDb.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.actorEmail, me.email))
    ).map((r) => r.detail?.reason);
    expect(reasons.filter((r) => r === 'code already used')).toHaveLength(2);
  });

  it('is turned off again with the password', async () => {
    const me = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    const { totpURI } = (await post(enableTwoFactor, { password: me.password }, me.cookie)).json<{
      totpURI: string;
    }>();
    const session =
      cookieOf(await post(confirmTwoFactor, { code: totpFromUri(totpURI) }, me.cookie)) ||
      me.cookie;
    expect((await post(disableTwoFactor, { password: me.password }, session)).statusCode).toBe(200);
    const plain = await post(signInWithEmail, { email: me.email, password: me.password });
    expect(plain.json()).not.toHaveProperty('twoFactorRedirect');
    expect(cookieOf(plain)).toMatch(/session_token=[^;]/);
  });
});
