import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { subscriptionPlans } from '../db/schema.js';
import { seed } from './seed.js';
import { createTestDatabase, TEST_DATABASES } from '../test/databases.js';

describe.each(TEST_DATABASES)('start-up on %s', (kind) => {
  it('two instances migrating and seeding together apply everything once', async () => {
    const first = await createTestDatabase(kind, { seed: false });
    // A second connection pool to the same database plays the second instance.
    const second = first.url
      ? await openDatabase({ kind: 'postgres', url: first.url, poolSize: 2 })
      : first.database;
    try {
      await Promise.all([
        migrate(first.database),
        migrate(second),
        seed(first.database, { demoData: true }),
        seed(second, { demoData: true }),
      ]);
      expect(await first.database.db.$count(subscriptionPlans)).toBe(4);
      const applied = await first.database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const rows = (applied as { rows: { n: number }[] }).rows;
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      if (second !== first.database) await second.close();
      await first.cleanup();
    }
  });
});
