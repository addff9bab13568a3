import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../test/databases.js';

// What the metrics read of the pool (docs in README, Monitoring): its counts, and each wait for a
// connection, a wait behind a held connection included.
describe.each(TEST_DATABASES)('pool stats and connection waits on %s', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
  });
  afterAll(() => testDb?.cleanup());

  it('counts the queries waiting for a connection and tells how long each waited', async () => {
    const { database } = testDb;
    const waits: number[] = [];
    const stop = database.onAcquire!((seconds) => waits.push(seconds));
    const size = kind === 'pglite' ? 1 : 4; // createTestDatabase's PostgreSQL pool holds 4
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every connection busy in a transaction that waits for the test's word.
    const holders = Array.from({ length: size }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    let waiting: Promise<unknown> | undefined;
    let queuedAt: number;
    const before = waits.length;
    try {
      await vi.waitFor(() => expect(database.poolStats!()).toMatchObject({ total: size, idle: 0 }));
      queuedAt = performance.now();
      // A drizzle query runs when it is awaited or then'd: `then` sends it now.
      waiting = database.db.execute(sql`select 2`).then(() => undefined);
      await vi.waitFor(() => expect(database.poolStats!().waiting).toBe(1));
      expect(database.poolStats!().total).toBe(size);
      // Held 50 ms more: the queued query's wait is at least that.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      release();
    }
    await Promise.all([...holders, waiting]);
    const longest = Math.max(...waits.slice(before));
    expect(longest).toBeGreaterThanOrEqual(0.045);
    expect(longest).toBeLessThanOrEqual((performance.now() - queuedAt) / 1000);
    expect(database.poolStats!().waiting).toBe(0);

    stop();
    const count = waits.length;
    await database.db.execute(sql`select 3`);
    expect(waits.length).toBe(count);
  });
});
