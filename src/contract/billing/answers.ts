import * as z from 'zod/mini';
import { answer, decimal, isoTime } from '../lib/answer.js';
import { ERROR_CODES } from '../lib/errors.js';
import {
  advanceBillingClock,
  cancelAccountSubscription,
  changeAccountPlan,
  finishAccountCardSetup,
  finishAccountPayment,
  getAccount,
  getAccountInvoice,
  getBillingClock,
  previewAccountPlanChange,
  redeemBillingLink,
  requestBillingLink,
  resetBillingClock,
  resumeAccountSubscription,
  signOutOfAccount,
  startAccountCardSetup,
  updateAccountCard,
  type AccountChargeResult,
  type AccountInvoice,
  type AccountOverview,
  type BillingClock,
  type BillingRunResult,
  type CardSetup,
  type InvoiceView,
  type PaymentActionRequired,
  type PlanChangePreview,
  type SubscriptionOverview,
} from './billing.js';

const provider = z.enum(['test', 'stripe']);
const planRef = z.strictObject({ id: z.int(), name: z.string(), displayName: z.string() });

const invoiceView: z.ZodMiniType<InvoiceView> = z.strictObject({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['first', 'renewal', 'proration']),
  status: z.enum(['paid', 'failed', 'refunded']),
  amount: decimal(),
  refunded: decimal(),
  currency: z.string(),
  planDisplayName: z.string(),
  periodStart: z.nullable(isoTime()),
  periodEnd: z.nullable(isoTime()),
  card: z.nullable(z.strictObject({ brand: z.string(), last4: z.string() })),
  failureMessage: z.nullable(z.string()),
  failureCode: z.nullable(z.enum(ERROR_CODES)),
  attemptedAt: isoTime(),
});

const subscriptionOverview: z.ZodMiniType<SubscriptionOverview> = z.strictObject({
  id: z.string(),
  status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
  plan: planRef,
  billingCycle: z.string(),
  currency: z.string(),
  price: decimal(),
  phase: z.enum(['intro', 'renewal']),
  renewalPrice: z.nullable(decimal()),
  renewalStartsAt: z.nullable(isoTime()),
  currentPeriodStart: z.nullable(isoTime()),
  currentPeriodEnd: z.nullable(isoTime()),
  nextCharge: z.nullable(
    z.strictObject({ date: isoTime(), amount: decimal(), planDisplayName: z.string() }),
  ),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.nullable(isoTime()),
  scheduledPlan: z.nullable(planRef),
  card: z.nullable(
    z.strictObject({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.nullable(z.int()),
      expYear: z.nullable(z.int()),
    }),
  ),
  failedPaymentCount: z.int(),
  nextRetryAt: z.nullable(isoTime()),
});

/** The billing page's state; the agency's view of a client's billing answers it too. */
export const accountOverview: z.ZodMiniType<AccountOverview> = z.strictObject({
  business: z.strictObject({ name: z.string(), ownerName: z.string(), email: z.string() }),
  subscription: z.nullable(subscriptionOverview),
  invoices: z.array(invoiceView),
  provider,
});

const paymentActionRequired: z.ZodMiniType<PaymentActionRequired> = z.strictObject({
  status: z.literal('requires_action'),
  clientSecret: z.string(),
  provider,
  publishableKey: z.nullable(z.string()),
});

const chargeResult: z.ZodMiniType<AccountChargeResult> = z.union([
  accountOverview,
  paymentActionRequired,
]);

const cardSetup: z.ZodMiniType<CardSetup> = z.strictObject({
  clientSecret: z.string(),
  publishableKey: z.string(),
});

const planChangePreview: z.ZodMiniType<PlanChangePreview> = z.strictObject({
  direction: z.enum(['upgrade', 'downgrade', 'same']),
  plan: z.strictObject({
    id: z.int(),
    name: z.string(),
    displayName: z.string(),
    price: decimal(),
  }),
  amountNow: decimal(),
  effectiveAt: isoTime(),
  lines: z.array(
    z.strictObject({
      kind: z.enum(['newPlanRest', 'unusedCredit', 'proration']),
      amount: decimal(),
    }),
  ),
});

const accountInvoice: z.ZodMiniType<AccountInvoice> = z.strictObject({
  business: z.strictObject({ name: z.string(), email: z.string() }),
  invoice: invoiceView,
  payable: z.boolean(),
});

const clockShape = { now: isoTime(), offsetMs: z.int(), available: z.boolean() };
const billingClock: z.ZodMiniType<BillingClock> = z.strictObject(clockShape);
const runResult: z.ZodMiniType<BillingRunResult> = z.strictObject({
  renewed: z.int(),
  failed: z.int(),
  canceled: z.int(),
  reminded: z.int(),
});

export const answers = [
  answer(requestBillingLink, z.strictObject({ message: z.string() })),
  answer(redeemBillingLink, z.strictObject({ ok: z.literal(true) })),
  answer(signOutOfAccount, null),
  answer(getAccount, accountOverview),
  answer(getAccountInvoice, accountInvoice),
  answer(updateAccountCard, chargeResult),
  answer(startAccountCardSetup, cardSetup),
  answer(finishAccountCardSetup, chargeResult),
  answer(cancelAccountSubscription, accountOverview),
  answer(resumeAccountSubscription, accountOverview),
  answer(previewAccountPlanChange, planChangePreview),
  answer(changeAccountPlan, chargeResult),
  answer(finishAccountPayment, accountOverview),
  answer(getBillingClock, billingClock),
  answer(advanceBillingClock, z.strictObject({ ...clockShape, run: runResult })),
  answer(resetBillingClock, billingClock),
];
