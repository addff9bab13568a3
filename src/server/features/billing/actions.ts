import { eq } from 'drizzle-orm';
import type { CardInput } from '../../../contract/billing/billing.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { checkTestCard, testCardOnFile } from '../../adapters/payments/test-cards.js';
import { clientError, HttpError } from '../../http/errors.js';
import {
  billingChangeMail,
  cancellationConfirmedMail,
  teamCancellationMail,
  teamSubscriptionCanceledMail,
} from './mails.js';
import { currentSubscription } from './overview.js';
import { awaitAuthentication, type ActionRequired } from './awaiting.js';
import { cardNeedsAuthentication } from './charge.js';
import { attemptRenewal, nextPeriod } from './renew.js';
import { syncSchedule } from './stripe-schedule.js';
import {
  cardOf,
  clientFacts,
  lockSubscription,
  queueMail,
  stripeOf,
  type ChangeContext,
  type Sub,
} from './subject.js';

export const REASON_MAX = 500;

/** Runs `change` in one transaction with the client's subscription locked: a double click waits and then sees the first one's result. */
export async function withSubscription<T>(
  db: Db,
  registrationId: string,
  change: (tx: Db, sub: Sub) => Promise<T>,
): Promise<T> {
  const found = await currentSubscription(db, registrationId);
  if (!found) throw clientError(404, 'no_subscription');
  // With Stripe the calls to Stripe happen with the row locked too: a second click waits for the first one's answer.
  return db.transaction(async (tx) => change(tx, (await lockSubscription(tx, found.id))!));
}

const ended = (sub: Sub) => sub.status === 'canceled';

/**
 * Test mode: checks and saves a card (never its number); a past-due subscription is charged again
 * at once, or, with a card that asks for authentication every time, waits for the client to give it.
 */
export async function updateCard(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  card: CardInput,
  now: Date,
): Promise<ActionRequired | null> {
  const checked = checkTestCard(card);
  if ('problems' in checked) {
    const issues = Object.entries(checked.problems as Record<string, string>).map(
      ([field, message]) => ({ field, message }),
    );
    throw new HttpError(400, issues[0]!.message, issues);
  }
  const onFile = testCardOnFile(card.cardNumber);
  if (!onFile.ok)
    throw clientError(400, onFile.decline.code, undefined, [
      { field: 'cardNumber', ...onFile.decline },
    ]);
  return withSubscription(db, registrationId, async (tx, sub) => {
    if (sub.provider !== 'test') throw clientError(409, 'stripe_saves_cards');
    if (ended(sub)) throw clientError(409, 'no_card_to_update');
    const c = checked.card;
    const saved = {
      cardBrand: c.brand,
      cardLast4: c.last4,
      cardExpMonth: c.expMonth,
      cardExpYear: c.expYear,
      testCardBehavior: onFile.behavior,
    };
    await saveCard(tx, ctx, sub, saved);
    if (sub.status !== 'past_due') return null;
    const next = { ...sub, ...saved };
    if (cardNeedsAuthentication(next)) {
      const { periodStart, periodEnd, amountCents } = nextPeriod(next);
      return awaitAuthentication(tx, next, {
        purpose: 'invoice',
        planId: sub.planId,
        amountCents,
        periodStart,
        periodEnd,
      });
    }
    await attemptRenewal(tx, ctx, next, now, 'immediate');
    return null;
  });
}

/** The card on file changes: a new card gets its own expiry reminder, and the client is told. */
async function saveCard(
  tx: Db,
  ctx: ChangeContext,
  sub: Sub,
  card: Pick<Sub, 'cardBrand' | 'cardLast4' | 'cardExpMonth' | 'cardExpYear'> & Partial<Sub>,
) {
  await tx
    .update(subscriptions)
    .set({ ...card, cardExpiryNoticeAt: null, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id));
  const { facts } = await clientFacts(tx, sub, ctx);
  await queueMail(tx, ctx, [
    billingChangeMail(
      ctx.mail,
      facts,
      (w) => w.t('cardUpdated.subject'),
      (w) => w.t('cardUpdated.text', { card: w.card(cardOf(card)), plan: facts.planDisplayName }),
    ),
  ]);
}

/** Stripe: a SetupIntent for the client's new card, which Stripe's Payment Element confirms in the browser. */
/** A card is set up with Stripe for a Stripe subscription that has not ended; its Stripe ids. */
function cardSetupFor(ctx: ChangeContext, sub: Sub) {
  if (sub.provider !== 'stripe') throw clientError(409, 'test_mode_card_form');
  if (ended(sub)) throw clientError(409, 'no_card_to_update');
  return stripeOf(ctx, sub);
}

export async function startCardSetup(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
): Promise<{ clientSecret: string }> {
  return withSubscription(db, registrationId, async (_tx, sub) => {
    const { stripe, subscriptionId, customerId } = cardSetupFor(ctx, sub);
    const { clientSecret } = await stripe.startCardSetup({
      customerId,
      providerSubscriptionId: subscriptionId,
    });
    return { clientSecret };
  });
}

/**
 * Stripe: the confirmed card becomes the subscription's; a past-due subscription's open invoice is
 * charged again at once. When the card's bank wants that payment authenticated, the client is asked to.
 */
export async function finishCardSetup(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  setupIntentId: string,
): Promise<ActionRequired | null> {
  return withSubscription(db, registrationId, async (tx, sub) => {
    const { stripe, subscriptionId, customerId } = cardSetupFor(ctx, sub);
    const card = await stripe.finishCardSetup({
      customerId,
      providerSubscriptionId: subscriptionId,
      setupIntentId,
    });
    await saveCard(tx, ctx, sub, {
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
    });
    if (sub.status !== 'past_due') return null;
    // Stripe's invoice.paid or invoice.payment_failed tells the outcome (the invoice, the ledger, the e-mails).
    const paid = await stripe.payOpenInvoice(subscriptionId);
    if (typeof paid === 'string') return null;
    const periodEnd = sub.currentPeriodEnd;
    return awaitAuthentication(tx, sub, {
      purpose: 'invoice',
      planId: sub.planId,
      amountCents: 0,
      periodStart: periodEnd,
      periodEnd: null,
      provider: paid,
    });
  });
}

/** Cancels at the period's end; a past-due subscription (nothing paid for the period) ends at once. */
export async function cancel(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  reason: string | undefined,
  by: 'client' | 'team',
  now: Date,
) {
  const why = reason?.trim() || null;
  if (why && why.length > REASON_MAX) {
    throw clientError(400, 'reason_too_long', { max: REASON_MAX }, [
      {
        field: 'reason',
        message: `At most ${REASON_MAX} characters`,
        code: 'field_too_long',
        params: { max: REASON_MAX },
      },
    ]);
  }
  return withSubscription(db, registrationId, async (tx, sub) => {
    if (ended(sub) || sub.cancelAtPeriodEnd) throw clientError(409, 'already_ending');
    const { facts } = await clientFacts(tx, sub, ctx);
    if (sub.status === 'past_due') {
      if (sub.provider === 'stripe') {
        const { stripe, subscriptionId } = stripeOf(ctx, sub);
        await stripe.cancelNow(subscriptionId);
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'canceled',
          canceledAt: now,
          cancelReason: why,
          nextRetryAt: null,
          scheduledPlanId: null,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, sub.id));
      await queueMail(tx, ctx, [
        cancellationConfirmedMail(ctx.mail, facts, { endedAt: now, unpaid: false }),
        teamSubscriptionCanceledMail(ctx.mail, facts, {
          why: `canceled by the ${by} while past due${why ? ` ('${why}')` : ''}`,
          endedAt: now,
        }),
      ]);
      return;
    }
    if (sub.provider === 'stripe') {
      const { stripe, subscriptionId } = stripeOf(ctx, sub);
      await stripe.setCancelAtPeriodEnd({
        providerSubscriptionId: subscriptionId,
        scheduleId: sub.providerScheduleId,
        cancel: true,
        reason: why,
      });
    }
    await tx
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: true,
        cancelReason: why,
        scheduledPlanId: null,
        ...(sub.provider === 'stripe' ? { providerScheduleId: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
    const until = sub.currentPeriodEnd!;
    await queueMail(tx, ctx, [
      billingChangeMail(
        ctx.mail,
        facts,
        (w) => w.t('cancelScheduled.subject'),
        (w) =>
          w.t(by === 'team' ? 'cancelScheduled.byTeam' : 'cancelScheduled.byClient', {
            plan: facts.planDisplayName,
            date: w.day(until),
          }),
      ),
      teamCancellationMail(ctx.mail, facts, { by, reason: why, endsAt: until }),
    ]);
  });
}

/** Undoes a scheduled cancellation while the period still runs. */
export async function resume(db: Db, ctx: ChangeContext, registrationId: string, now: Date) {
  return withSubscription(db, registrationId, async (tx, sub) => {
    if (
      !sub.cancelAtPeriodEnd ||
      sub.status !== 'active' ||
      !sub.currentPeriodEnd ||
      sub.currentPeriodEnd <= now
    ) {
      throw clientError(409, 'nothing_to_undo');
    }
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, cancelReason: null, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
    const { facts, plan } = await clientFacts(tx, sub, ctx);
    if (sub.provider === 'stripe') {
      const { stripe, subscriptionId } = stripeOf(ctx, sub);
      await stripe.setCancelAtPeriodEnd({
        providerSubscriptionId: subscriptionId,
        scheduleId: null,
        cancel: false,
        reason: null,
      });
      // Canceling released the schedule; the renewal price comes back with a new one.
      await syncSchedule(tx, ctx, { ...sub, providerScheduleId: null }, plan, null);
    }
    await queueMail(tx, ctx, [
      billingChangeMail(
        ctx.mail,
        facts,
        (w) => w.t('resumed.subject'),
        (w) =>
          w.t('resumed.text', { plan: facts.planDisplayName, date: w.day(sub.currentPeriodEnd!) }),
      ),
    ]);
  });
}
