import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingRunResult } from '../../../contract/billing/billing.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { REMIND_BEFORE_MS } from './reminders.js';
import { billingStep } from './renew.js';
import type { ChangeContext } from './subject.js';

/** A clock moved by 400 days renews a monthly plan 14 times; this only stops a bug from looping forever. */
const MAX_STEPS_PER_SUBSCRIPTION = 1000;

/**
 * Everything due at billing time `now` for test-mode subscriptions: each step of each
 * subscription is its own transaction with the row locked, so two instances (or the job and
 * an owner's 'Advance') running at once never charge one period twice.
 */
export async function runDue(
  db: Db,
  ctx: ChangeContext,
  now: Date,
  log: FastifyBaseLogger,
): Promise<BillingRunResult> {
  const result: BillingRunResult = { renewed: 0, failed: 0, canceled: 0, reminded: 0 };
  const candidates = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        or(
          and(
            eq(subscriptions.status, 'active'),
            or(
              lte(subscriptions.currentPeriodEnd, now),
              and(
                isNull(subscriptions.introEndingNoticeAt),
                isNotNull(subscriptions.renewalPriceCents),
                lte(subscriptions.renewalStartsAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
              ),
              and(isNull(subscriptions.cardExpiryNoticeAt), isNotNull(subscriptions.cardExpYear)),
            ),
          ),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryAt, now)),
        ),
      ),
    );
  for (const { id } of candidates) {
    try {
      for (let i = 0; i < MAX_STEPS_PER_SUBSCRIPTION; i++) {
        const outcome = await db.transaction((tx) => billingStep(tx, ctx, id, now));
        if (!outcome) break;
        result[outcome]++;
      }
    } catch (error) {
      // One stuck subscription (a lock timeout) must not stop the others; the next run tries again.
      log.error({ err: error, subscriptionId: id }, 'billing step failed');
    }
  }
  return result;
}
