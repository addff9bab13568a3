import { eq } from 'drizzle-orm';
import type { Database, Db } from './client.js';
import { STARTUP_LOCK_KEY } from './migrate.js';
import { appMeta, applications, directoryBusinesses, directoryPlaces, payments, portfolioItems, subscriptionPlans } from './schema.js';
import { DEMO_APPLICATIONS, demoPayments } from '../features/revenue/demo-ledger.js';
import { DEMO_INVESTORS, DEMO_SEEDED } from '../adapters/investors/demo.js';
import { investorValues, storeInvestorRows } from '../features/investors/service.js';
import { DEMO_PLANS, DEMO_PORTFOLIO } from './seed-data.js';
import { DEMO_AREA_PLACES, placeKey } from '../adapters/places/demo-area.js';
import { generateBusinesses } from '../features/businesses/generate.js';
import { DEFAULT_SEARCH_LOCATION } from '../../contract/site.js';

export const DEMO_BUSINESS_COUNT = 300;

/**
 * Seeds the plans (always) and the demo portfolio (when demo data is on). Each part runs once
 * per database, marked in app_meta, so an employee's later edits and deletions are kept.
 */
export async function seed(database: Database, options: { demoData: boolean; location?: { lat: number; lng: number; label: string } }): Promise<void> {
  await database.withLock(STARTUP_LOCK_KEY, async (conn) => {
    await once(conn, 'seed.plans.v1', async (tx) => {
      await tx
        .insert(subscriptionPlans)
        .values(DEMO_PLANS.map((p, i) => ({ ...p, mostPopular: p.mostPopular ?? false, sortOrder: i + 1 })))
        .onConflictDoNothing({ target: subscriptionPlans.name });
    });
    if (options.demoData) {
      await once(conn, 'seed.demo-portfolio.v1', async (tx) => {
        await tx.insert(portfolioItems).values(DEMO_PORTFOLIO.map((p) => ({ ...p, isDemo: true })));
      });
      await once(conn, 'seed.demo-businesses.v1', async (tx) => {
        const location = options.location ?? DEFAULT_SEARCH_LOCATION;
        const places = [...DEMO_AREA_PLACES, { key: placeKey(location.label), ...location }];
        await tx.insert(directoryPlaces).values(places).onConflictDoNothing();
        const rows = generateBusinesses({ count: DEMO_BUSINESS_COUNT, center: location, seed: 2026 });
        await tx.insert(directoryBusinesses).values(rows.map((r) => ({ ...r, source: 'demo' as const })));
      });
      await once(conn, 'seed.demo-applications.v1', async (tx) => {
        await tx.insert(applications).values(DEMO_APPLICATIONS.map((a) => ({ ...a, isDemo: true }))).onConflictDoNothing();
        const rows = demoPayments(new Date()).map((p) => ({ ...p, provider: 'test' as const, currency: 'usd' }));
        for (let i = 0; i < rows.length; i += 500) await tx.insert(payments).values(rows.slice(i, i + 500)).onConflictDoNothing();
      });
      await once(conn, 'seed.demo-investors.v1', async (tx) => {
        await storeInvestorRows(tx, DEMO_INVESTORS.slice(0, DEMO_SEEDED).map((i) => investorValues(i, 'demo', i.sourceId)));
      });
    }
  });
}

async function once(db: Db, key: string, fn: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
    if (done.length > 0) return;
    await fn(tx as unknown as Db);
    await tx.insert(appMeta).values({ key, value: new Date().toISOString() });
  });
}
