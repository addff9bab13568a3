import { describe, expect, it } from 'vitest';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { apiPath } from '../../test/api-path.js';
import { listActivity } from '../../../contract/activity/activity.js';
import {
  advanceBillingClock,
  getBillingClock,
  resetBillingClock,
} from '../../../contract/billing/billing.js';
import type { AnyEndpoint } from '../../../contract/lib/endpoint.js';

const clock = (
  ctx: ReturnType<typeof appUnderTest>,
  cookie: string,
  endpoint: AnyEndpoint,
  payload?: object,
) =>
  ctx.app.inject({
    method: endpoint.method,
    url: apiPath(endpoint),
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

describe.each(TEST_DATABASES)('the billing clock API on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: 'owner' });

  it('owners read, advance (whole days, 1-400) and reset it; staff and visitors may not', async () => {
    expect((await clock(ctx, '', getBillingClock)).statusCode).toBe(401);
    const staff = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'staff');
    expect((await clock(ctx, staff.cookie, getBillingClock)).statusCode).toBe(403);
    expect((await clock(ctx, staff.cookie, advanceBillingClock, { days: 1 })).statusCode).toBe(403);
    const start = (await clock(ctx, ctx.cookie, getBillingClock)).json<{
      offsetMs: number;
      available: boolean;
    }>();
    expect(start).toMatchObject({ offsetMs: 0, available: true });
    for (const days of [0, 401, 1.5, '3', null])
      expect((await clock(ctx, ctx.cookie, advanceBillingClock, { days })).statusCode).toBe(400);
    const advanced = await clock(ctx, ctx.cookie, advanceBillingClock, { days: 2 });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json()).toMatchObject({
      offsetMs: 2 * 86_400_000,
      run: { renewed: 0, failed: 0, canceled: 0, reminded: 0 },
    });
    const log = (
      await ctx.app.inject({ url: apiPath(listActivity), headers: { cookie: ctx.cookie } })
    ).body;
    expect(log).toContain('billing clock');
    const reset = await clock(ctx, ctx.cookie, resetBillingClock);
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
    for (const endpoint of [getBillingClock, advanceBillingClock, resetBillingClock]) {
      const res = await clock(
        ctx,
        ctx.cookie,
        endpoint,
        endpoint.method === 'POST' ? { days: 1 } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(
        "The billing clock exists in test mode only; with Stripe use Stripe's test clocks.",
      );
    }
  });
});
