import type { FastifyBaseLogger } from 'fastify';
import type {
  AccountChargeResult,
  AccountInvoice,
  AccountOverview,
  BillingClock,
  BillingRunResult,
  CardInput,
  CardSetup,
  PlanChangePreview,
} from '../../../contract/billing/billing.js';
import {
  PaymentProviderError,
  ProviderRefusedError,
  type PaymentProvider,
} from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { clientError, HttpError } from '../../http/errors.js';
import type { MailSettings } from '../notifications/index.js';
import type { SubscriptionNewsHandler } from '../payments/index.js';
import * as actions from './actions.js';
import * as agency from './agency.js';
import { createBillingClock } from './clock.js';
import { finishPayment } from './authentication.js';
import type { ActionRequired } from './awaiting.js';
import { accountInvoice, accountOverview } from './overview.js';
import { changePlan, previewPlanChange } from './plan-change.js';
import { runDue } from './run.js';
import { hearStripeNews } from './stripe-news.js';
import type { ChangeContext } from './subject.js';

export interface BillingDeps {
  db: Db;
  mail: MailSettings;
  mailQueued(): void;
  log: FastifyBaseLogger;
  testMode: boolean;
  /** Stripe's subscription calls and its publishable key (absent in test mode). */
  provider: Pick<PaymentProvider, 'subscriptions' | 'publishableKey'>;
  /** absolute origin for links in e-mails, e.g. PUBLIC_URL */
  publicOrigin: () => string;
}

/**
 * The billing engine. In test mode it bills our own rows (renewals, retries, reminders, the
 * clock). With Stripe keys Stripe bills (renewals, retries, its own test clocks): the clock here is
 * real time and cannot move, runDue leaves every subscription alone, the client's changes are
 * Stripe calls (features/billing/stripe-*.ts) and Stripe's news comes back through the settlement.
 */
export function createBillingService(deps: BillingDeps): {
  clock: {
    now(): Promise<Date>;
    get(): Promise<BillingClock>;
    advance(days: number): Promise<BillingClock & { run: BillingRunResult }>;
    reset(): Promise<BillingClock>;
  };
  overview(registrationId: string): Promise<AccountOverview>;
  /** One of the client's invoices by number; 404 for any other. */
  invoice(registrationId: string, number: string): Promise<AccountInvoice>;
  /** A new card; past due, its open invoice is paid at once, or waits for the client to authenticate it (3-D Secure). */
  updateCard(registrationId: string, card: CardInput): Promise<AccountChargeResult>;
  /** Stripe: a SetupIntent for a new card, and then its confirmation. */
  startCardSetup(registrationId: string): Promise<CardSetup>;
  finishCardSetup(registrationId: string, setupIntentId: string): Promise<AccountChargeResult>;
  cancel(
    registrationId: string,
    reason: string | undefined,
    by: 'client' | 'team',
  ): Promise<AccountOverview>;
  resume(registrationId: string): Promise<AccountOverview>;
  previewPlanChange(registrationId: string, planId: number): Promise<PlanChangePreview>;
  changePlan(registrationId: string, planId: number): Promise<AccountChargeResult>;
  /** After the client authenticated a payment (or failed to): booked on the provider's word, or 402 with the decline. */
  finishPayment(
    registrationId: string,
    input: { clientSecret: string; outcome?: 'complete' | 'fail' | undefined },
  ): Promise<AccountOverview>;
  runDue(): Promise<BillingRunResult>;
  /** The agency's team, from the Clients section: refund (part of) a paid invoice, resend a receipt. */
  refund(
    registrationId: string,
    invoiceId: string,
    refund: agency.Refund,
  ): Promise<AccountOverview>;
  resendReceipt(registrationId: string, invoiceId: string): Promise<string>;
  /** For the settlement: what Stripe did to a subscription, told to the client and the team. */
  subscriptionNews: SubscriptionNewsHandler;
} {
  const { db } = deps;
  const clock = createBillingClock(db, deps.testMode);
  const overview = (registrationId: string) => accountOverview(db, registrationId, deps.testMode);

  /** Runs a change with a fresh context, then wakes the outbox if it queued e-mails (after the commit). */
  const context = (): ChangeContext => ({
    mail: deps.mail,
    publicOrigin: deps.publicOrigin(),
    mailQueued: false,
    stripe: deps.provider.subscriptions ?? null,
  });
  async function changing<T>(work: (ctx: ChangeContext, now: Date) => Promise<T>): Promise<T> {
    const ctx = context();
    try {
      return await work(ctx, await clock.now());
    } catch (error) {
      // Stripe's answer, in a sentence; the transaction rolled back, so our rows are as they were.
      if (error instanceof ProviderRefusedError) throw clientError(409, error.code);
      if (error instanceof PaymentProviderError)
        throw clientError(502, 'change_failed', { reason: error.message });
      throw error;
    } finally {
      if (ctx.mailQueued) deps.mailQueued();
    }
  }
  /** The page's new state, or what the browser needs to authenticate the payment first. */
  const answer = async (
    registrationId: string,
    action: ActionRequired | null,
  ): Promise<AccountChargeResult> =>
    action
      ? {
          ...action,
          provider: deps.testMode ? 'test' : 'stripe',
          publishableKey: deps.testMode ? null : deps.provider.publishableKey,
        }
      : overview(registrationId);
  const testModeOnly = () => {
    if (!deps.testMode) throw new HttpError(404, 'With Stripe, cards are saved through Stripe.');
  };
  async function runDueNow(): Promise<BillingRunResult> {
    if (!deps.testMode) return { renewed: 0, failed: 0, canceled: 0, reminded: 0 };
    return changing((ctx, now) => runDue(db, ctx, now, deps.log));
  }

  return {
    clock: {
      now: clock.now,
      get: clock.get,
      async advance(days) {
        await clock.addDays(days);
        const run = await runDueNow();
        return { ...(await clock.get()), run };
      },
      reset: () => clock.reset(),
    },
    overview,
    invoice: (registrationId, number) => accountInvoice(db, registrationId, number),
    async updateCard(registrationId, card) {
      testModeOnly();
      return answer(
        registrationId,
        await changing((ctx, now) => actions.updateCard(db, ctx, registrationId, card, now)),
      );
    },
    async startCardSetup(registrationId) {
      if (deps.testMode || !deps.provider.publishableKey)
        throw clientError(404, 'test_mode_card_form');
      const publishableKey = deps.provider.publishableKey;
      const { clientSecret } = await changing((ctx) =>
        actions.startCardSetup(db, ctx, registrationId),
      );
      return { clientSecret, publishableKey };
    },
    async finishCardSetup(registrationId, setupIntentId) {
      return answer(
        registrationId,
        await changing((ctx) => actions.finishCardSetup(db, ctx, registrationId, setupIntentId)),
      );
    },
    async cancel(registrationId, reason, by) {
      await changing((ctx, now) => actions.cancel(db, ctx, registrationId, reason, by, now));
      return overview(registrationId);
    },
    async resume(registrationId) {
      await changing((ctx, now) => actions.resume(db, ctx, registrationId, now));
      return overview(registrationId);
    },
    previewPlanChange: (registrationId, planId) =>
      changing((ctx, now) => previewPlanChange(db, ctx, registrationId, planId, now)),
    async changePlan(registrationId, planId) {
      return answer(
        registrationId,
        await changing((ctx, now) => changePlan(db, ctx, registrationId, planId, now)),
      );
    },
    async finishPayment(registrationId, input) {
      await changing((ctx, now) => finishPayment(db, ctx, registrationId, input, now));
      return overview(registrationId);
    },
    runDue: runDueNow,
    async refund(registrationId, invoiceId, refund) {
      await changing((ctx, now) =>
        agency.refundInvoice(db, ctx, registrationId, invoiceId, refund, now),
      );
      return overview(registrationId);
    },
    resendReceipt: (registrationId, invoiceId) =>
      changing((ctx) => agency.resendReceipt(db, ctx, registrationId, invoiceId)),
    // The settlement wakes the outbox after its commit.
    subscriptionNews: (tx, news) => hearStripeNews(tx, context(), news),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
