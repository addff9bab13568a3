import { describe, expect, it } from 'vitest';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';

const clock = (
  ctx: ReturnType<typeof appUnderTest>,
  cookie: string,
  method: 'GET' | 'POST',
  path = '',
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url: `/api/billing/clock${path}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

describe.each(TEST_DATABASES)('the billing clock API on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: 'owner' });

  it('owners read, advance (whole days, 1-400) and reset it; staff and visitors may not', async () => {
    expect((await clock(ctx, '', 'GET')).statusCode).toBe(401);
    const staff = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    expect((await clock(ctx, staff.cookie, 'GET')).statusCode).toBe(403);
    expect((await clock(ctx, staff.cookie, 'POST', '/advance', { days: 1 })).statusCode).toBe(403);
    const start = (await clock(ctx, ctx.cookie, 'GET')).json<{
      offsetMs: number;
      available: boolean;
    }>();
    expect(start).toMatchObject({ offsetMs: 0, available: true });
    for (const days of [0, 401, 1.5, '3', null])
      expect((await clock(ctx, ctx.cookie, 'POST', '/advance', { days })).statusCode).toBe(400);
    const advanced = await clock(ctx, ctx.cookie, 'POST', '/advance', { days: 2 });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json()).toMatchObject({
      offsetMs: 2 * 86_400_000,
      run: { renewed: 0, failed: 0, canceled: 0, reminded: 0 },
    });
    const log = (await ctx.app.inject({ url: '/api/activity', headers: { cookie: ctx.cookie } }))
      .body;
    expect(log).toContain('billing clock');
    const reset = await clock(ctx, ctx.cookie, 'POST', '/reset');
    expect(reset.json()).toMatchObject({ offsetMs: 0 });
  });
});

describe('the billing clock with Stripe keys', () => {
  const ctx = appUnderTest('pglite', {
    role: 'owner',
    config: testConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    }),
  });

  it('does not exist: Stripe has test clocks of its own', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/advance'],
      ['POST', '/reset'],
    ] as const) {
      const res = await clock(
        ctx,
        ctx.cookie,
        method,
        path,
        method === 'POST' ? { days: 1 } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(
        "The billing clock exists in test mode only; with Stripe use Stripe's test clocks.",
      );
    }
  });
});
