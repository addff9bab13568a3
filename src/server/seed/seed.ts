import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { STARTUP_LOCK_KEY } from '../db/migrate.js';
import { openMigratedDatabase, type OpenOptions } from '../db/open.js';
import { appMeta } from '../db/schema.js';
import { DEFAULT_SEARCH_LOCATION } from '../../contract/site/site.js';
import { seedPlans, seedPlansSpanish } from '../features/plans/seed.js';
import { seedDemoPortfolio } from '../features/portfolio/seed.js';
import { seedFaq } from '../features/faq/seed.js';
import { seedDemoBusinesses } from '../features/businesses/seed.js';
import { seedDemoLedger } from '../features/revenue/seed.js';
import { seedDemoInvestors } from '../features/investors/seed.js';

export interface SeedOptions {
  demoData: boolean;
  /** Where the demo businesses are (the configured default search location). */
  location?: { lat: number; lng: number; label: string };
}

/**
 * Seeds the plans (always) and the demo data of the features (when demo data is on): each
 * feature's own seed function, composed here so the database layer knows no feature. Each part
 * runs once per database, marked in app_meta, so an employee's later edits and deletions are kept.
 */
export async function seed(database: Database, options: SeedOptions): Promise<void> {
  await database.withLock(STARTUP_LOCK_KEY, async (conn) => {
    await once(conn, 'seed.plans.v1', seedPlans);
    await once(conn, 'seed.plans-es.v1', seedPlansSpanish);
    await once(conn, 'seed.faq.v1', seedFaq);
    if (options.demoData) {
      await once(conn, 'seed.demo-portfolio.v1', seedDemoPortfolio);
      await once(conn, 'seed.demo-businesses.v1', (tx) =>
        seedDemoBusinesses(tx, options.location ?? DEFAULT_SEARCH_LOCATION),
      );
      await once(conn, 'seed.demo-applications.v1', seedDemoLedger);
      await once(conn, 'seed.demo-investors.v1', seedDemoInvestors);
    }
  });
}

async function once(db: Db, key: string, fn: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
    if (done.length > 0) return;
    await fn(tx);
    await tx.insert(appMeta).values({ key, value: new Date().toISOString() });
  });
}

/** Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL), migrated and seeded. */
export async function openSeededDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<Database> {
  const database = await openMigratedDatabase(config, options);
  try {
    await seed(database, {
      demoData: config.seedDemoData,
      location: config.places.defaultLocation,
    });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
