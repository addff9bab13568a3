import { eq, sql } from 'drizzle-orm';
import { MAX_ADVANCE_DAYS, type BillingClock } from '../../../contract/billing/billing.js';
import type { Db } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';

const KEY = 'billing.clock.offset_ms';
export const DAY_MS = 24 * 60 * 60 * 1000;
export { MAX_ADVANCE_DAYS };
export const CLOCK_ONLY_IN_TEST_MODE =
  "The billing clock exists in test mode only; with Stripe use Stripe's test clocks.";

/**
 * Test mode's billing time: real time plus an offset kept in app_meta, so every instance agrees
 * and a restart keeps it. With Stripe keys there is no such clock (Stripe has test clocks of its
 * own): the time is always real time and the offset cannot be changed.
 */
export function createBillingClock(db: Db, testMode: boolean) {
  async function offsetMs(): Promise<number> {
    if (!testMode) return 0;
    const [row] = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, KEY));
    const offset = Number(row?.value ?? 0);
    return Number.isFinite(offset) ? offset : 0;
  }
  async function get(): Promise<BillingClock> {
    const offset = await offsetMs();
    return {
      now: new Date(Date.now() + offset).toISOString(),
      offsetMs: offset,
      available: testMode,
    };
  }
  function requireTestMode() {
    if (!testMode) throw new HttpError(404, CLOCK_ONLY_IN_TEST_MODE);
  }
  return {
    now: async () => new Date(Date.now() + (await offsetMs())),
    get,
    /** Moves the clock forward by whole days, in one statement so two owners clicking at once both count. */
    async addDays(days: number): Promise<BillingClock> {
      requireTestMode();
      if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
        throw new HttpError(400, `Days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}.`, [
          { field: 'days', message: `Enter a whole number of days from 1 to ${MAX_ADVANCE_DAYS}` },
        ]);
      }
      const step = days * DAY_MS;
      await db
        .insert(appMeta)
        .values({ key: KEY, value: String(step) })
        .onConflictDoUpdate({
          target: appMeta.key,
          set: {
            value: sql`(${appMeta.value}::bigint + ${step}::bigint)::text`,
            updatedAt: new Date(),
          },
        });
      return get();
    },
    async reset(): Promise<BillingClock> {
      requireTestMode();
      await db.delete(appMeta).where(eq(appMeta.key, KEY));
      return get();
    },
  };
}
export type BillingClockControl = ReturnType<typeof createBillingClock>;
