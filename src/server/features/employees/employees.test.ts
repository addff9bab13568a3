import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import {
  addEmployee,
  listEmployees,
  removeEmployee,
  updateEmployee,
  type EmployeeSummary,
} from '../../../contract/employees/employees.js';
import { listActivity, type ActivityPage } from '../../../contract/activity/activity.js';
import { getCurrentEmployee, signOut } from '../../../contract/auth/employee-account.js';
import { signInWithEmail } from '../../../contract/auth/sign-in.js';
import { activityLog, rateLimitCounters, user } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { cookieOf, signedInEmployee } from '../../test/employees.js';

describe.each(TEST_DATABASES)('owners manage employees on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null });
  let owner: Awaited<ReturnType<typeof signedInEmployee>>;
  let staff: Awaited<ReturnType<typeof signedInEmployee>>;

  beforeAll(async () => {
    owner = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'owner', 'Olive Owner');
    staff = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff', 'Sam Staff');
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie },
      remoteAddress: '10.3.0.1',
      ...(payload ? { payload } : {}),
    });
  const idOf = async (email: string) =>
    (
      await ctx.testDb.database.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    )[0]!.id;
  const lastActivity = async () =>
    (
      await ctx.testDb.database.db.select().from(activityLog).orderBy(desc(activityLog.at)).limit(1)
    )[0]!;

  it('lets only owners list and add employees, with clear errors for bad input', async () => {
    expect((await call('GET', apiPath(listEmployees), staff.cookie)).statusCode).toBe(403);
    expect(
      (
        await call('POST', apiPath(addEmployee), staff.cookie, {
          email: 'x@example.com',
          name: 'X',
          password: 'a long enough password',
        })
      ).json(),
    ).toEqual({
      message: 'Only an owner can do this.',
    });

    const weak = await call('POST', apiPath(addEmployee), owner.cookie, {
      email: 'new@example.com',
      name: 'New',
      password: 'password1234',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toEqual([
      { field: 'password', message: expect.stringMatching(/too common/) },
    ]);
    const bad = await call('POST', apiPath(addEmployee), owner.cookie, {
      email: 'not-an-email',
      name: '',
      password: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['email', 'name', 'password']);

    const added = await call('POST', apiPath(addEmployee), owner.cookie, {
      email: ' New@Example.com ',
      name: 'Nia New',
      password: 'a long enough password',
    });
    expect(added.statusCode).toBe(201);
    expect(
      (
        await call('POST', apiPath(addEmployee), owner.cookie, {
          email: 'new@example.com',
          name: 'Again',
          password: 'a long enough password',
        })
      ).statusCode,
    ).toBe(409);
    expect(await lastActivity()).toMatchObject({
      action: 'create',
      subject: 'employee',
      actorEmail: owner.email,
      ipAddress: '10.3.0.1',
    });

    const list = (await call('GET', apiPath(listEmployees), owner.cookie)).json<
      EmployeeSummary[]
    >();
    expect(list.find((e) => e.email === 'new@example.com')).toMatchObject({
      name: 'Nia New',
      role: 'staff',
      disabled: false,
      signInMethods: ['password'],
    });
  });

  it('disabling an employee ends their sessions and stops new sign-ins; enabling lets them back', async () => {
    const victim = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    const id = await idOf(victim.email);
    expect(
      (await call('PATCH', apiPath(updateEmployee, { id }), owner.cookie, { disabled: true }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', apiPath(getCurrentEmployee), victim.cookie)).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email: victim.email, password: victim.password },
      remoteAddress: '10.3.0.2',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/disabled/);
    expect(cookieOf(again)).not.toMatch(/session_token=[^;]/);

    expect(
      (await call('PATCH', apiPath(updateEmployee, { id }), owner.cookie, { disabled: false }))
        .statusCode,
    ).toBe(204);
    const back = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email: victim.email, password: victim.password },
      remoteAddress: '10.3.0.2',
    });
    expect(back.statusCode).toBe(200);
  });

  it('an owner cannot lock themselves or the last owner out; removing an employee deletes the account', async () => {
    const ownerId = await idOf(owner.email);
    expect(
      (
        await call('PATCH', apiPath(updateEmployee, { id: ownerId }), owner.cookie, {
          disabled: true,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await call('PATCH', apiPath(updateEmployee, { id: ownerId }), owner.cookie, {
          role: 'staff',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call('DELETE', apiPath(removeEmployee, { id: ownerId }), owner.cookie)).statusCode,
    ).toBe(422);
    expect(
      (await call('PATCH', apiPath(updateEmployee, { id: ownerId }), owner.cookie, {})).statusCode,
    ).toBe(400);
    expect(
      (await call('DELETE', apiPath(removeEmployee, { id: 'no-such-id' }), owner.cookie))
        .statusCode,
    ).toBe(404);

    const staffId = await idOf(staff.email);
    expect(
      (await call('DELETE', apiPath(removeEmployee, { id: staffId }), owner.cookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', apiPath(getCurrentEmployee), staff.cookie)).statusCode).toBe(401);
    expect(await ctx.testDb.database.db.$count(user, eq(user.email, staff.email))).toBe(0);
    expect(await lastActivity()).toMatchObject({
      action: 'delete',
      subject: 'employee',
      detail: { email: staff.email },
    });
  });

  it('logs sign-ins, failures and sign-outs, and lists the log newest first, page by page', async () => {
    const email = owner.email;
    await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email, password: 'wrong password here' },
      remoteAddress: '10.3.0.7',
    });
    const good = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email, password: owner.password },
      remoteAddress: '10.3.0.7',
    });
    await ctx.app.inject({
      method: 'POST',
      url: apiPath(signOut),
      headers: { cookie: cookieOf(good) },
      payload: {},
      remoteAddress: '10.3.0.7',
    });

    const page = (await call('GET', apiPath(listActivity), owner.cookie)).json<ActivityPage>();
    expect(page.items.slice(0, 3).map((i) => [i.action, i.actorEmail, i.ipAddress])).toEqual([
      ['sign-out', email, '10.3.0.7'],
      ['sign-in', email, '10.3.0.7'],
      ['sign-in.failed', email, '10.3.0.7'],
    ]);
    expect(page.total).toBeGreaterThan(3);
    const second = (
      await call('GET', apiPath(listActivity, {}, { page: 2 }), owner.cookie)
    ).json<ActivityPage>();
    expect(second.items.every((i) => !page.items.some((p) => p.id === i.id))).toBe(true);
    expect(
      (await call('GET', apiPath(listActivity, {}, { page: 0 }), owner.cookie)).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject(apiPath(listActivity))).statusCode).toBe(401);
  });

  it('locks an account after 10 failed sign-ins, whatever the address, until the window passes', async () => {
    const target = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPath(signInWithEmail),
        payload: { email: target.email, password: `wrong guess ${i}!!` },
        remoteAddress: `10.4.${i}.1`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email: target.email, password: target.password },
      remoteAddress: '10.4.99.1',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
    );
    // Another account from the same addresses is not affected.
    const other = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '10.4.98.1',
    });
    expect(other.statusCode).toBe(200);
    // Failures older than the window no longer count.
    await ctx.testDb.database.db
      .update(rateLimitCounters)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimitCounters.key, 'sign-in:account:%'));
    const later = await ctx.app.inject({
      method: 'POST',
      url: apiPath(signInWithEmail),
      payload: { email: target.email, password: target.password },
      remoteAddress: '10.4.99.2',
    });
    expect(later.statusCode).toBe(200);
  });
});
