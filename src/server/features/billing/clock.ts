import { MAX_ADVANCE_DAYS, type BillingClock } from '../../../contract/billing/billing.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { createOffsetClock } from '../../lib/test-clock.js';

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
  const clock = createOffsetClock(db, KEY, testMode);
  async function get(): Promise<BillingClock> {
    const offset = await clock.offsetMs();
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
    now: clock.now,
    get,
    /** Moves the clock forward by whole days, in one statement so two owners clicking at once both count. */
    async addDays(days: number): Promise<BillingClock> {
      requireTestMode();
      if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
        throw new HttpError(400, `Days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}.`, [
          { field: 'days', message: `Enter a whole number of days from 1 to ${MAX_ADVANCE_DAYS}` },
        ]);
      }
      await clock.advance(days * DAY_MS);
      return get();
    },
    async reset(): Promise<BillingClock> {
      requireTestMode();
      await clock.reset();
      return get();
    },
  };
}
export type BillingClockControl = ReturnType<typeof createBillingClock>;
