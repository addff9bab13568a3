import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/** One lock for every start-up write: migrations, seed, first employee. */
export const STARTUP_LOCK_KEY = 7_402_113;

export const defaultMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed drizzle-kit migrations (drizzle runs them in one transaction) while
 * holding an advisory lock, so two instances starting together do not race. Resolves with the
 * names of the migrations this call applied (none when another instance got there first).
 */
export async function migrate(
  database: Database,
  migrationsFolder = defaultMigrationsFolder,
): Promise<string[]> {
  const before = await database.applyMigrations(STARTUP_LOCK_KEY, migrationsFolder);
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  // drizzle's own rule: every journal entry newer than the newest applied one.
  return journal.entries.filter((e) => before === null || e.when > before).map((e) => e.tag);
}
