import { describe, expect, it } from 'vitest';
import { listPlans } from '../../../contract/plans/list.js';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { portfolioItems, subscriptionPlans } from '../../db/schema.js';
import { seed } from '../../seed/seed.js';
import { eq } from 'drizzle-orm';

describe.each(TEST_DATABASES)('plans and portfolio on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null });

  it('answers the four plans in display order with decimal prices and renewal prices', async () => {
    const res = await ctx.app.inject(apiPath(listPlans));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const plans = res.json<SubscriptionPlan[]>();
    expect(plans.map((p) => p.name)).toEqual([
      'essential',
      'growing',
      'professional',
      'comprehensive',
    ]);
    for (const plan of plans) expect(plan.price).toMatch(/^\d+\.\d{2}$/);
    expect(Object.fromEntries(plans.map((p) => [p.name, p.renewalPrice]))).toEqual({
      essential: '425.00',
      growing: '325.00',
      professional: null,
      comprehensive: '565.00',
    });
    expect(plans.filter((p) => p.mostPopular).map((p) => p.name)).toEqual(['professional']);
    expect(plans[0]!.features.length).toBeGreaterThan(3);
    expect(plans[0]!.billingCycle).toBe('month');
  });

  it('answers a revalidation with a bodiless 304 while the plans are unchanged', async () => {
    const first = await ctx.app.inject(apiPath(listPlans));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await ctx.app.inject({
      url: apiPath(listPlans),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      url: apiPath(listPlans),
      headers: { 'if-none-match': '"another-version"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('answers the demo portfolio', async () => {
    const res = await ctx.app.inject(apiPath(listPortfolio));
    expect(res.statusCode).toBe(200);
    const items = res.json<{ websiteName: string; websiteUrl: string; logoUrl: string | null }[]>();
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.websiteName.includes('(demo)'))).toBe(true);
    expect(
      items.every(
        (i) =>
          new URL(i.websiteUrl).hostname.endsWith('.example.com') ||
          /\.example\.(net|org)$/.test(new URL(i.websiteUrl).hostname),
      ),
    ).toBe(true);
  });

  it('seeds once: a second run adds nothing and deleted demo items stay deleted', async () => {
    const [first] = await ctx.testDb.database.db.select().from(portfolioItems).limit(1);
    await ctx.testDb.database.db.delete(portfolioItems).where(eq(portfolioItems.id, first!.id));
    await seed(ctx.testDb.database, { demoData: true });
    await seed(ctx.testDb.database, { demoData: true });
    expect(await ctx.testDb.database.db.$count(subscriptionPlans)).toBe(4);
    expect(await ctx.testDb.database.db.$count(portfolioItems)).toBe(2);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', counters: 'postgres' });
  });
});
