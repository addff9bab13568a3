import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitCounters as counters } from '../../db/schema.js';
import type { CounterStore } from './types.js';

/** Expired rows are harmless (a hit resets them) but are deleted at most this often per instance. */
const PURGE_EVERY_MS = 60_000;

/**
 * Counters in the `rate_limit_counters` table: one `insert … on conflict do update … returning`
 * per hit, so concurrent hits on every instance are counted exactly; the database's clock decides
 * when a window ends, so instances with drifting clocks agree. Works the same on PGlite.
 */
export function createPostgresCounterStore(
  db: Db,
  options: { purgeEveryMs?: number } = {},
): CounterStore & { purgeExpired(): Promise<number> } {
  let lastPurge = Date.now();
  const purgeExpired = async () =>
    (
      await db
        .delete(counters)
        .where(lt(counters.resetAt, sql`now()`))
        .returning({ key: counters.key })
    ).length;
  const expired = sql`${counters.resetAt} <= now()`;

  return {
    kind: 'postgres',
    async hit(key, windowMs) {
      const resetAt = sql`now() + ${Math.max(1, Math.round(windowMs))}::integer * interval '1 millisecond'`;
      const [row] = await db
        .insert(counters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: counters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${counters.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${counters.resetAt} end`,
          },
        })
        .returning({
          count: counters.count,
          msLeft: sql<string>`ceil(extract(epoch from (${counters.resetAt} - now())) * 1000)`,
        });
      if (Date.now() - lastPurge > (options.purgeEveryMs ?? PURGE_EVERY_MS)) {
        lastPurge = Date.now();
        void purgeExpired().catch(() => undefined);
      }
      // now() is each transaction's start: a hit that started a little before the one that opened the
      // window reads up to those few ms more than the window; never more than the window itself.
      return { count: row!.count, msLeft: Math.min(windowMs, Math.max(0, Number(row!.msLeft))) };
    },
    async reset(key) {
      await db.delete(counters).where(sql`${counters.key} = ${key}`);
    },
    async close() {},
    purgeExpired,
  };
}
