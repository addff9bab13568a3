import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { migrate } from './migrate.js';
import { seed } from './seed.js';

/** Opens the configured database (PGlite under DATA_DIR unless DATABASE_URL), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrate(database);
    await seed(database, { demoData: config.seedDemoData, location: config.places.defaultLocation });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
