import { and, desc, eq, ne } from 'drizzle-orm';
import type {
  AccountInvoice,
  AccountOverview,
  InvoiceView,
  SubscriptionOverview,
} from '../../../contract/billing/billing.js';
import type { ErrorCode } from '../../../contract/lib/errors.js';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  invoices,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { clientError } from '../../http/errors.js';
import { planById, priceAt, type Plan, type Sub } from './subject.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const planRef = (plan: Plan) => ({ id: plan.id, name: plan.name, displayName: plan.displayName });

/** The newest subscription that was ever paid (an open checkout is not one yet). */
export async function currentSubscription(
  db: Db,
  registrationId: string,
): Promise<Sub | undefined> {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.registrationId, registrationId), ne(subscriptions.status, 'incomplete')),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return sub;
}

async function subscriptionView(db: Db, sub: Sub): Promise<SubscriptionOverview> {
  const plan = (await planById(db, sub.planId))!;
  const scheduled = sub.scheduledPlanId ? await planById(db, sub.scheduledPlanId) : undefined;
  const periodStart = sub.currentPeriodStart ?? sub.createdAt;
  const phase = sub.renewalStartsAt && periodStart >= sub.renewalStartsAt ? 'renewal' : 'intro';
  // The next period: on the scheduled (downgraded) plan if there is one, at that period's phase price.
  const next = scheduled
    ? { ...sub, priceCents: scheduled.priceCents, renewalPriceCents: scheduled.renewalPriceCents }
    : sub;
  const chargeDate = sub.status === 'past_due' ? sub.nextRetryAt : sub.currentPeriodEnd;
  const ends = sub.status === 'canceled' || sub.cancelAtPeriodEnd || sub.status === 'incomplete';
  return {
    id: sub.id,
    status: sub.status,
    plan: planRef(plan),
    billingCycle: sub.billingCycle,
    currency: sub.currency,
    price: centsToDecimal(priceAt(sub, periodStart)),
    phase,
    renewalPrice: sub.renewalPriceCents == null ? null : centsToDecimal(sub.renewalPriceCents),
    renewalStartsAt: iso(sub.renewalStartsAt),
    currentPeriodStart: iso(sub.currentPeriodStart),
    currentPeriodEnd: iso(sub.currentPeriodEnd),
    nextCharge:
      ends || !chargeDate || !sub.currentPeriodEnd
        ? null
        : {
            date: chargeDate.toISOString(),
            amount: centsToDecimal(priceAt(next, sub.currentPeriodEnd)),
            planDisplayName: (scheduled ?? plan).displayName,
          },
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: iso(sub.canceledAt),
    scheduledPlan: scheduled ? planRef(scheduled) : null,
    card: sub.cardLast4
      ? {
          brand: sub.cardBrand ?? 'unknown',
          last4: sub.cardLast4,
          expMonth: sub.cardExpMonth,
          expYear: sub.cardExpYear,
        }
      : null,
    failedPaymentCount: sub.failedPaymentCount,
    nextRetryAt: iso(sub.nextRetryAt),
  };
}

type InvoiceRow = { invoice: typeof invoices.$inferSelect; planDisplayName: string };
const invoiceView = ({ invoice: i, planDisplayName }: InvoiceRow): InvoiceView => ({
  id: i.id,
  number: i.number,
  kind: i.kind,
  status: i.status,
  amount: centsToDecimal(i.amountCents),
  refunded: centsToDecimal(i.refundedCents),
  currency: i.currency,
  planDisplayName,
  periodStart: iso(i.periodStart),
  periodEnd: iso(i.periodEnd),
  card: i.cardLast4 ? { brand: i.cardBrand ?? 'unknown', last4: i.cardLast4 } : null,
  failureMessage: i.failureMessage,
  failureCode: i.failureCode as ErrorCode | null,
  attemptedAt: i.attemptedAt.toISOString(),
});

/**
 * One of the client's invoices by its number, for its own page. The number is looked up together
 * with the client's registration: another client's invoice answers the same 404 as a made-up one.
 */
export async function accountInvoice(
  db: Db,
  registrationId: string,
  number: string,
): Promise<AccountInvoice> {
  const [row] = await db
    .select({
      invoice: invoices,
      planDisplayName: subscriptionPlans.displayName,
      name: businessRegistrations.businessName,
      email: businessRegistrations.email,
    })
    .from(invoices)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
    .innerJoin(businessRegistrations, eq(businessRegistrations.id, invoices.registrationId))
    .where(and(eq(invoices.number, number), eq(invoices.registrationId, registrationId)))
    .limit(1);
  if (!row) throw clientError(404, 'invoice_not_found');
  const sub = row.invoice.status === 'failed' && (await currentSubscription(db, registrationId));
  return {
    business: { name: row.name, email: row.email },
    invoice: invoiceView(row),
    // The failed charge is still open while its subscription is past due; a later one paid it otherwise.
    payable: !!sub && sub.status === 'past_due' && sub.id === row.invoice.subscriptionId,
  };
}

/** The billing page: the business, its subscription and its invoices, newest first. */
export async function accountOverview(
  db: Db,
  registrationId: string,
  testMode: boolean,
): Promise<AccountOverview> {
  const [registration] = await db
    .select()
    .from(businessRegistrations)
    .where(eq(businessRegistrations.id, registrationId));
  if (!registration) throw clientError(404, 'business_not_found');
  const sub = await currentSubscription(db, registrationId);
  const rows = await db
    .select({ invoice: invoices, planDisplayName: subscriptionPlans.displayName })
    .from(invoices)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
    .where(eq(invoices.registrationId, registrationId))
    .orderBy(desc(invoices.attemptedAt), desc(invoices.number));
  const invoiceViews = rows.map(invoiceView);
  return {
    business: {
      name: registration.businessName,
      ownerName: registration.ownerName,
      email: registration.email,
    },
    subscription: sub ? await subscriptionView(db, sub) : null,
    invoices: invoiceViews,
    provider: testMode ? 'test' : 'stripe',
  };
}
