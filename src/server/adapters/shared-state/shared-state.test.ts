import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchedule, rateLimitCounters } from '../../db/schema.js';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../../test/databases.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { createPostgresCounterStore } from './postgres.js';
import { createFailoverCounterStore } from './failover.js';
import { createRedisCounterStore } from './redis.js';
import { claimJobRun, runOnceAcrossInstances } from './schedule.js';
import type { CounterStore } from './types.js';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers('shared-state.test.ts');

/** What every store must do, whatever keeps the counts. */
function counterContract(name: string, make: () => CounterStore) {
  describe(name, () => {
    let store: CounterStore;
    beforeAll(() => {
      store = make();
    });
    afterAll(() => store.close());

    it('counts 40 parallel hits exactly, with the time left in the window', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, () => store.hit('parallel', 60_000)),
      );
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      for (const r of results) expect(r.msLeft).toBeGreaterThan(50_000);
      for (const r of results) expect(r.msLeft).toBeLessThanOrEqual(60_000);
    });

    it('starts again at 1 when the window has passed, and forgets a counter on reset', async () => {
      expect((await store.hit('short', 800)).count).toBe(1);
      expect((await store.hit('short', 800)).count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect((await store.hit('short', 800)).count).toBe(1);
      await store.hit('other', 60_000);
      await store.reset('other');
      expect((await store.hit('other', 60_000)).count).toBe(1);
    });
  });
}

describe.each(TEST_DATABASES)('shared state on %s', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
  });
  afterAll(() => testDb.cleanup());

  counterContract('counters in rate_limit_counters', () =>
    createPostgresCounterStore(testDb.database.db),
  );

  it('purges expired rows now and then', async () => {
    const store = createPostgresCounterStore(testDb.database.db, { purgeEveryMs: 0 });
    await store.hit('gone-soon', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.hit('kept', 60_000);
    await expect
      .poll(
        async () =>
          (
            await testDb.database.db
              .select()
              .from(rateLimitCounters)
              .where(eq(rateLimitCounters.key, 'gone-soon'))
          ).length,
      )
      .toBe(0);
    expect(
      await testDb.database.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, 'kept')),
    ).toHaveLength(1);
  });

  it.skipIf(!redisUp)(
    'keeps counting in the database while Redis is unreachable, and in Redis again once it answers',
    async () => {
      const proxy = await startTcpProxy({
        host: '127.0.0.1',
        port: Number(new URL(REDIS_URL).port || 6379),
      });
      const switches: string[] = [];
      const prefix = `test-failover-${kind}-${crypto.randomBytes(4).toString('hex')}:`;
      const redis = createRedisCounterStore({
        url: `redis://127.0.0.1:${proxy.port}`,
        keyPrefix: prefix,
      });
      const store = createFailoverCounterStore(
        redis,
        createPostgresCounterStore(testDb.database.db),
        (to) => switches.push(to),
      );
      const direct = new Redis(REDIS_URL);
      const countIn = async (key: string) => ({
        redis: Number((await direct.get(`${prefix}${key}`)) ?? 0),
        database:
          (
            await testDb.database.db
              .select()
              .from(rateLimitCounters)
              .where(eq(rateLimitCounters.key, key))
          )[0]?.count ?? 0,
      });
      try {
        await expect.poll(() => redis.connected()).toBe(true);
        expect((await store.hit('before', 60_000)).count).toBe(1);
        expect([store.current(), await countIn('before')]).toEqual([
          'redis',
          { redis: 1, database: 0 },
        ]);

        proxy.cut();
        // Hits while Redis drops out (some in flight as it goes) never fail, and are counted in the database.
        const during = await Promise.all(
          Array.from({ length: 10 }, () => store.hit('during', 60_000)),
        );
        expect(during.map((r) => r.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 10 }, (_, i) => i + 1),
        );
        expect([store.current(), (await countIn('during')).database]).toEqual(['postgres', 10]);
        // A Redis known to be down costs a hit no wait.
        const started = performance.now();
        expect((await store.hit('during', 60_000)).count).toBe(11);
        expect(performance.now() - started).toBeLessThan(500);

        proxy.restore();
        await expect.poll(() => redis.connected(), { timeout: 10_000 }).toBe(true);
        expect((await store.hit('after', 60_000)).count).toBe(1);
        expect([store.current(), await countIn('after')]).toEqual([
          'redis',
          { redis: 1, database: 0 },
        ]);
        expect(switches).toEqual(['postgres', 'redis']);
      } finally {
        const keys = await direct.keys(`${prefix}*`);
        if (keys.length > 0) await direct.del(...keys);
        await direct.quit();
        await store.close();
        await proxy.close();
      }
    },
  );

  it('lets exactly one of several claimers run a job per period', async () => {
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimJobRun(testDb.database.db, 'claim-test', 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(testDb.database.db, 'claim-test', 60_000)).toBe(false);
  });

  it('two workers ticking on one database run the job once per period', async () => {
    const runs: number[] = [];
    const worker = (id: number) =>
      runOnceAcrossInstances({
        db: testDb.database.db,
        name: 'two-workers',
        everyMs: 300,
        checkEveryMs: 15,
        run: async () => {
          runs.push(id);
        },
        onError: (error) => {
          throw error;
        },
      });
    const [a, b] = [worker(1), worker(2)];
    const started = Date.now();
    a.start();
    b.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all([a.stop(), b.stop()]);
    const periods = (Date.now() - started) / 300;
    // Once per started period: never twice in one (two workers would make it about twice as many).
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(periods) + 1);
    expect(await testDb.database.db.$count(jobSchedule, eq(jobSchedule.name, 'two-workers'))).toBe(
      1,
    );
  });
});

describe.skipIf(!redisUp)('shared state in Redis', () => {
  const prefix = `test-counters-${crypto.randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  counterContract('counters in Redis', () =>
    createRedisCounterStore({ url: REDIS_URL, keyPrefix: prefix }),
  );

  it('keeps its keys under the prefix, with an expiry', async () => {
    const store = createRedisCounterStore({ url: REDIS_URL, keyPrefix: prefix });
    await store.hit('prefixed', 60_000);
    await store.close();
    const redis = new Redis(REDIS_URL);
    const ttl = await redis.pttl(`${prefix}prefixed`);
    await redis.quit();
    expect(ttl).toBeGreaterThan(50_000);
  });
});
