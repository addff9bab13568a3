import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import ts from 'typescript';
import { startFakeStripe, type FakeStripe } from './fake-stripe.js';
import { stripeObject } from './fake-stripe-objects.js';

/** The SDK's type for an answer of the fake, by Stripe's `object` field. */
const TYPES: Record<string, string> = {
  customer: 'Stripe.Customer',
  product: 'Stripe.Product',
  subscription: 'Stripe.Subscription',
  invoice: 'Stripe.Invoice',
  payment_intent: 'Stripe.PaymentIntent',
  setup_intent: 'Stripe.SetupIntent',
  subscription_schedule: 'Stripe.SubscriptionSchedule',
  refund: 'Stripe.Refund',
  invoice_payment: 'Stripe.InvoicePayment',
  charge: 'Stripe.Charge',
  event: 'Stripe.Event',
};
const typeOf = (body: unknown): string | null => {
  const object = (body as { object?: string } | null)?.object;
  if (object === 'list') {
    const first = (body as { data: { object?: string }[] }).data[0]?.object;
    return first && TYPES[first] ? `Stripe.ApiList<${TYPES[first]}>` : null;
  }
  return object ? (TYPES[object] ?? null) : null;
};

/** Compiles `files` (name → source) with the SDK's types; the diagnostics per file. */
function compile(files: Record<string, string>): Record<string, string[]> {
  // Inside node_modules, so `import type Stripe from 'stripe'` resolves as it does for the app.
  const dir = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.fake-stripe-types-'));
  try {
    const names = Object.keys(files).map((name) => {
      fs.writeFileSync(path.join(dir, name), files[name]!);
      return path.join(dir, name);
    });
    const program = ts.createProgram(names, {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    const result: Record<string, string[]> = {};
    for (const name of Object.keys(files)) {
      const source = program.getSourceFile(path.join(dir, name))!;
      result[name] = ts.getPreEmitDiagnostics(program, source).map((d) => {
        const line =
          d.file && d.start !== undefined
            ? d.file.text.slice(
                d.file.getLineStarts()[d.file.getLineAndCharacterOfPosition(d.start).line],
                d.start + 40,
              )
            : '';
        return `${ts.flattenDiagnosticMessageText(d.messageText, '\n')} (at ${line.trim()})`;
      });
    }
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const fileOf = (answers: { body: unknown; type: string }[]) =>
  `import type Stripe from 'stripe';\n` +
  answers
    .map((a, i) => `export const answer${i}: ${a.type} = ${JSON.stringify(a.body, null, 1)};\n`)
    .join('');

// The fake answers what Stripe's API reference says; this holds it to what the SDK's types say,
// so the fake cannot drift from Stripe (issue 25 §4): every required field, no unknown field, and
// each value of the declared type.
describe('the fake Stripe answers in the shapes of the SDK’s types', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake?.close());

  it('every object it answers the calls this app makes compiles as the SDK type of its kind, and one without a required field does not', async () => {
    const stripe = new Stripe('sk_test_fake', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    // The calls the adapter makes (src/server/adapters/payments/stripe.ts), through the SDK.
    await stripe.products.retrieve('plan_types').catch(() => undefined);
    await stripe.products.create({ id: 'plan_types', name: 'Types' });
    await stripe.products.retrieve('plan_types');
    const customer = await stripe.customers.create({ email: 'types@example.com', name: 'Types' });
    const price_data = {
      currency: 'usd',
      product: 'plan_types',
      unit_amount: 1_000,
      recurring: { interval: 'month' as const },
    };
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const intentId = (
      sub.latest_invoice as Stripe.Invoice
    ).confirmation_secret!.client_secret.split('_secret_')[0]!;
    fake.setIntent(intentId, { status: 'succeeded', amount_received: 1_000 });
    await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method', 'latest_charge'] });
    await stripe.subscriptions.retrieve(sub.id);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    await stripe.subscriptionSchedules.retrieve(schedule.id);
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
    });
    await stripe.subscriptionSchedules.release(schedule.id);
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    fake.confirmSetup(setup.id, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 });
    await stripe.setupIntents.retrieve(setup.id, { expand: ['payment_method'] });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_1' },
    });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id });
    await stripe.invoices.pay('in_types');
    await stripe.invoicePayments.list({ invoice: 'in_types', status: 'paid', limit: 1 });
    await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    fake.listed.invoices.push(
      stripeObject('invoice', {
        id: 'in_listed',
        object: 'invoice',
        status: 'paid',
        created: 1_800_000_000,
      }),
    );
    await stripe.invoices.list({ status: 'paid', limit: 10 });
    await stripe.subscriptions.cancel(sub.id);

    const typed = fake.answers
      .filter((a) => a.status === 200)
      .map((a) => ({ body: a.body, type: typeOf(a.body) }));
    // Every successful answer has a kind the SDK types (nothing checked loosely).
    expect(typed.filter((a) => a.type === null).map((a) => a.body)).toEqual([]);
    const checked = typed as { body: unknown; type: string }[];
    expect(new Set(checked.map((a) => a.type)).size).toBeGreaterThanOrEqual(10);

    // The same subscription answer without `status`, a field the type requires: it must not compile.
    const subscription = checked.find((a) => a.type === 'Stripe.Subscription')!;
    const { status: _dropped, ...withoutStatus } = subscription.body as Record<string, unknown>;
    // An event as Stripe sends it (stripe-app.ts's envelope) with the fake's subscription in it.
    const event = {
      id: 'evt_types',
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: 'customer.subscription.updated',
      created: 1_800_000_000,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: subscription.body },
    };
    const diagnostics = compile({
      'answers.ts': fileOf([...checked, { body: event, type: 'Stripe.Event' }]),
      'broken.ts': fileOf([{ body: withoutStatus, type: 'Stripe.Subscription' }]),
    });
    expect(diagnostics['answers.ts']).toEqual([]);
    expect(diagnostics['broken.ts']!.join('\n')).toMatch(/Property 'status' is missing/);
  }, 120_000);
});
