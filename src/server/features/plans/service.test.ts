import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { createPlanCatalogue } from './service.js';

describe('plan catalogue cache', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(() => testDb.cleanup());

  it('answers concurrent cold reads with one query, serves the old list while refreshing, and sees writes after invalidate', async () => {
    const { db } = testDb.database;
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'select') queries++;
        return Reflect.get(target, property, receiver);
      },
    });
    const catalogue = createPlanCatalogue(counting, 20);
    const answers = await Promise.all(Array.from({ length: 10 }, () => catalogue.json()));
    expect(queries).toBe(1);
    expect(new Set(answers).size).toBe(1);

    await db
      .update(subscriptionPlans)
      .set({ displayName: 'Essential Plus' })
      .where(eq(subscriptionPlans.name, 'essential'));
    await new Promise((r) => setTimeout(r, 30)); // let the 20 ms TTL run out
    const stale = await catalogue.json(); // expired: the old list now, a refresh in the background
    expect(stale).toBe(answers[0]);
    await vi.waitFor(async () => expect(await catalogue.json()).toContain('Essential Plus'));

    await db
      .update(subscriptionPlans)
      .set({ displayName: 'Essential' })
      .where(eq(subscriptionPlans.name, 'essential'));
    catalogue.invalidate();
    expect(await catalogue.json()).not.toContain('Essential Plus');
  });
});
