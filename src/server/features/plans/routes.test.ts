import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionPlan } from '../../../contract/plans.js';
import { buildApp } from '../../app.js';
import { createTestDatabase, TEST_DATABASES, testConfig, type TestDatabase } from '../../test/databases.js';
import { portfolioItems, subscriptionPlans } from '../../db/schema.js';
import { seed } from '../../db/seed.js';
import { eq } from 'drizzle-orm';

describe.each(TEST_DATABASES)('plans and portfolio on %s', (kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database: testDb.database });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('answers the four plans in display order with decimal prices and renewal prices', async () => {
    const res = await app.inject('/api/subscription-plans');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const plans = res.json<SubscriptionPlan[]>();
    expect(plans.map((p) => p.name)).toEqual(['essential', 'growing', 'professional', 'comprehensive']);
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
    const first = await app.inject('/api/subscription-plans');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/api/subscription-plans', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/api/subscription-plans', headers: { 'if-none-match': '"another-version"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('answers the demo portfolio', async () => {
    const res = await app.inject('/api/portfolio');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ websiteName: string; websiteUrl: string; logoUrl: string | null }[]>();
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.websiteName.includes('(demo)'))).toBe(true);
    expect(items.every((i) => new URL(i.websiteUrl).hostname.endsWith('.example.com') || /\.example\.(net|org)$/.test(new URL(i.websiteUrl).hostname))).toBe(true);
  });

  it('seeds once: a second run adds nothing and deleted demo items stay deleted', async () => {
    const [first] = await testDb.database.db.select().from(portfolioItems).limit(1);
    await testDb.database.db.delete(portfolioItems).where(eq(portfolioItems.id, first!.id));
    await seed(testDb.database, { demoData: true });
    await seed(testDb.database, { demoData: true });
    expect(await testDb.database.db.$count(subscriptionPlans)).toBe(4);
    expect(await testDb.database.db.$count(portfolioItems)).toBe(2);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
