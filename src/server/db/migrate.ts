import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/** One lock for every start-up write: migrations, seed, first employee. */
export const STARTUP_LOCK_KEY = 7_402_113;

export const defaultMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed drizzle-kit migrations (drizzle runs them in one transaction) while
 * holding an advisory lock, so two instances starting together do not race.
 */
export async function migrate(
  database: Database,
  migrationsFolder = defaultMigrationsFolder,
): Promise<void> {
  await database.applyMigrations(STARTUP_LOCK_KEY, migrationsFolder);
}
