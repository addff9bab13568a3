import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { DAY_MS } from './clock.js';
import { cardExpiringMail, introEndingMail } from './mails.js';
import { cardOf, clientFacts, queueMail, type ChangeContext, type Sub } from './subject.js';

/** Reminders go out this long before what they announce. */
export const REMIND_BEFORE_MS = 30 * DAY_MS;

/** The first moment a card no longer works: the start of the month after its expiry month. */
export const cardExpiresAt = (sub: Pick<Sub, 'cardExpMonth' | 'cardExpYear'>) =>
  sub.cardExpMonth && sub.cardExpYear
    ? new Date(Date.UTC(sub.cardExpYear, sub.cardExpMonth, 1))
    : null;

/**
 * Sends each reminder once (the row keeps when it went out): the intro price ending within 30
 * days, and the card expiring within 30 days and before the next charge. A clock moved past the
 * moment sends nothing: the news would come too late. Answers whether anything was sent.
 */
export async function remind(tx: Db, ctx: ChangeContext, sub: Sub, now: Date): Promise<boolean> {
  if (sub.cancelAtPeriodEnd || !sub.currentPeriodEnd) return false;
  const start = sub.renewalStartsAt;
  const introEnding =
    !sub.introEndingNoticeAt &&
    sub.renewalPriceCents != null &&
    start &&
    now < start &&
    start.getTime() - now.getTime() <= REMIND_BEFORE_MS;
  const expires = cardExpiresAt(sub);
  const cardExpiring =
    !sub.cardExpiryNoticeAt &&
    expires &&
    expires < sub.currentPeriodEnd &&
    now < expires &&
    expires.getTime() - now.getTime() <= REMIND_BEFORE_MS;
  if (!introEnding && !cardExpiring) return false;
  const { facts } = await clientFacts(tx, sub, ctx);
  if (introEnding)
    await queueMail(tx, ctx, [
      introEndingMail(ctx.mail, facts, { renewalCents: sub.renewalPriceCents!, startsAt: start }),
    ]);
  if (cardExpiring) {
    const expiry = `${String(sub.cardExpMonth).padStart(2, '0')}/${sub.cardExpYear}`;
    await queueMail(tx, ctx, [
      cardExpiringMail(ctx.mail, facts, {
        card: cardOf(sub),
        expires: expiry,
        nextChargeAt: sub.currentPeriodEnd,
      }),
    ]);
  }
  await tx
    .update(subscriptions)
    .set({
      ...(introEnding ? { introEndingNoticeAt: now } : {}),
      ...(cardExpiring ? { cardExpiryNoticeAt: now } : {}),
    })
    .where(eq(subscriptions.id, sub.id));
  return true;
}
