import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type Database, type DatabaseTimeouts } from './client.js';
import { migrate } from './migrate.js';

export interface OpenOptions {
  /** The bounds on every wait (db/client.ts's defaults when omitted). */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where a dropped connection is reported. */
  warn?: (message: string) => void;
  /** Told the names of the migrations this start applied (an empty list: none pending). */
  migrated?: (applied: string[]) => void;
}

/**
 * Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL), migrated. Seeding
 * is the features' business: src/server/seed/ opens through this and seeds.
 */
export async function openMigratedDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<Database> {
  const { migrated, ...databaseOptions } = options;
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...databaseOptions })
    : await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pglite'),
        ...databaseOptions,
      });
  try {
    migrated?.(await migrate(database));
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
