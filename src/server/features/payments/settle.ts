import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CardOnFile,
  Decline,
  IntentState,
  PaymentEvent,
  PaymentProvider,
} from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { subscriptionPlans, subscriptions, webhookEvents } from '../../db/schema.js';
import type { MailSettings } from '../notifications/index.js';
import { FIRST_PRICE_MONTHS } from '../../lib/billing-cycle.js';
import { addMonths } from '../../lib/months.js';
import { bookFirstPayment, recordFailure } from './first-payment.js';
import { applyEvent } from './provider-events.js';

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  mail: MailSettings;
  log: FastifyBaseLogger;
  /** Called after a commit that queued e-mails. */
  mailQueued(): void;
  /** Test mode: the billing clock's time, so a first payment starts its period where renewals count from (real time when omitted). */
  billingNow?: () => Promise<Date>;
  /** Tells the billing engine what the provider did to a subscription after its first payment (it e-mails the client and the team). */
  onSubscriptionNews?: SubscriptionNewsHandler;
}

/** What the provider (Stripe) did to a subscription, as the billing engine hears it. */
export type SubscriptionNews =
  | { kind: 'renewed'; subscriptionId: string; invoiceId: string }
  | {
      kind: 'renewal_failed';
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      attempt: number;
      nextAttemptAt: Date | null;
    }
  | { kind: 'ended'; subscriptionId: string; endedAt: Date };
/** Runs in the settlement's transaction; answers whether it queued e-mail. */
export type SubscriptionNewsHandler = (tx: Db, news: SubscriptionNews) => Promise<boolean>;

/** What a settlement changed, so that work outside the transaction follows its commit. */
export interface Effects {
  mailQueued: boolean;
  subscriptionIds: string[];
}

export function createSettlement(deps: SettleDeps) {
  async function after(effects: Effects) {
    if (effects.mailQueued) deps.mailQueued();
    for (const id of new Set(effects.subscriptionIds)) await ensureRenewalScheduled(id);
  }

  /**
   * With Stripe, the renewal price is a second phase of a subscription schedule, which Stripe
   * only allows once the subscription is active; a failure is logged and retried on the
   * subscription's next event.
   */
  async function ensureRenewalScheduled(subscriptionId: string) {
    const [sub] = await deps.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.provider, 'stripe'),
          eq(subscriptions.status, 'active'),
          // Ending at the period's end: no renewal to price (and Stripe refuses a schedule then).
          eq(subscriptions.cancelAtPeriodEnd, false),
          isNull(subscriptions.providerScheduleId),
        ),
      );
    if (!sub?.providerSubscriptionId || sub.renewalPriceCents == null) return;
    const [plan] = await deps.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, sub.planId));
    if (!plan) return;
    try {
      const scheduled = await deps.provider.scheduleRenewal({
        providerSubscriptionId: sub.providerSubscriptionId,
        idempotencyKey: `renewal-${sub.id}`,
        plan,
        currency: sub.currency,
        priceCents: sub.priceCents,
        renewalPriceCents: sub.renewalPriceCents,
        firstPhaseMonths: FIRST_PRICE_MONTHS,
        renewalStartsAt:
          sub.renewalStartsAt ??
          addMonths(sub.currentPeriodStart ?? sub.createdAt, FIRST_PRICE_MONTHS),
      });
      if (scheduled) {
        // The renewal date is Stripe's period boundary from now on, so later schedules (plan changes) use it too.
        await deps.db
          .update(subscriptions)
          .set({
            providerScheduleId: scheduled.scheduleId,
            renewalStartsAt: scheduled.renewalStartsAt,
            updatedAt: new Date(),
          })
          .where(eq(subscriptions.id, sub.id));
      }
    } catch (error) {
      deps.log.error(
        { err: error, subscriptionId },
        'could not schedule the renewal price; will retry on the next subscription event',
      );
    }
  }

  return {
    /** A payment the provider (or, in test mode, our card check) says succeeded. */
    async succeeded(state: IntentState, card?: CardOnFile): Promise<boolean> {
      const effects: Effects = { mailQueued: false, subscriptionIds: [] };
      const booked = await deps.db.transaction((tx) =>
        bookFirstPayment(tx, deps, state, card, effects),
      );
      await after(effects);
      return booked;
    },
    async failed(providerIntentId: string, decline: Decline, card?: CardOnFile): Promise<void> {
      await recordFailure(deps.db, providerIntentId, decline, card);
    },
    /**
     * Books a sale read back from the provider (revenue:sync) without recording an event id: the
     * ledger's unique provider payment id makes a repeat, or a webhook of the same sale, a no-op.
     */
    async reconcile(event: PaymentEvent): Promise<void> {
      if (event.kind !== 'product_paid' && event.kind !== 'renewal_paid') return;
      await deps.db.transaction((tx) =>
        applyEvent(tx, deps, event, { mailQueued: false, subscriptionIds: [] }),
      );
    },
    /**
     * Applies a verified event once: its id is stored in the same transaction. 'stale' when a
     * newer event about the same subscription was applied before (nothing changed).
     */
    async event(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'stale'> {
      const effects: Effects = { mailQueued: false, subscriptionIds: [] };
      const outcome = await deps.db.transaction(async (tx) => {
        const fresh = await tx
          .insert(webhookEvents)
          .values({ id: event.id, provider: deps.provider.kind, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (fresh.length === 0) return 'duplicate' as const;
        return applyEvent(tx, deps, event, effects);
      });
      await after(effects);
      return outcome;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
