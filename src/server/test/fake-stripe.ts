import { stripeObject as obj } from './fake-stripe-objects.js';
import { startLocalServer } from './local-server.js';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local stand-in for api.stripe.com: form-encoded requests, JSON answers in the shapes of
 * Stripe's API reference, Idempotency-Key replays. Only what this app calls.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  /** Every answer, in order (fake-stripe-types.test.ts compiles them against the SDK's types). */
  const answers: { method: string; path: string; status: number; body: unknown }[] = [];
  /** Stripe keeps the first answer to a key with the request it answered: another request with that key is refused (400). */
  const replays = new Map<string, { request: string; answer: { status: number; body: unknown } }>();
  const schedules = new Map<string, Record<string, unknown>>();
  const products = new Set<string>();
  const intents = new Map<string, Record<string, unknown>>();
  const subs = new Map<
    string,
    Record<string, unknown> & { items: { object: 'list'; data: Record<string, unknown>[] } }
  >();
  const setupIntents = new Map<string, Record<string, unknown>>();
  /** Charges after the first one (an open invoice paid again, an upgrade's proration) are declined while this is set. */
  const cards = { failCharges: false, requireAuthentication: false };
  /** Invoices after the first one that wait for payment (an upgrade's pending update, a past-due renewal), by id. */
  const openInvoices = new Map<string, Record<string, unknown>>();
  /**
   * An open invoice for a later charge, with its PaymentIntent: declined (a card error), or waiting
   * for 3-D Secure (`requires_action`) as Stripe leaves it for a card that asks for authentication.
   */
  function openInvoice(
    subscriptionId: string,
    amount: number,
    outcome: 'declined' | 'requires_action',
    pendingPrice?: Record<string, unknown>,
  ) {
    const intentId = next('pi');
    const sub = subs.get(subscriptionId);
    intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      customer: sub?.customer ?? null,
      client_secret: `${intentId}_secret_fake`,
      status: outcome === 'requires_action' ? 'requires_action' : 'requires_payment_method',
      created: Math.floor(Date.now() / 1000),
      last_payment_error:
        outcome === 'declined'
          ? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
          : null,
      livemode: false,
    });
    const invoice = {
      id: next('in'),
      object: 'invoice',
      status: 'open',
      amount_due: amount,
      subscription: subscriptionId,
      confirmation_secret: { client_secret: `${intentId}_secret_fake`, type: 'payment_intent' },
      pending_price: pendingPrice ?? null,
    };
    openInvoices.set(invoice.id, invoice);
    if (sub) sub.latest_invoice = invoice;
    return invoice;
  }
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;

  /** What the list endpoints answer (revenue:sync), newest first as Stripe lists them. */
  const listed = {
    invoices: [] as Record<string, unknown>[],
    charges: [] as Record<string, unknown>[],
  };
  function page(items: Record<string, unknown>[], path: string, params: Record<string, string>) {
    const gte = Number(params['created[gte]'] ?? 0);
    const matching = items.filter(
      (i) =>
        Number(i.created ?? 0) >= gte &&
        (path !== '/v1/invoices' || !params.status || i.status === params.status),
    );
    const start = params.starting_after
      ? matching.findIndex((i) => i.id === params.starting_after) + 1
      : 0;
    const limit = Number(params.limit ?? 10);
    const data = matching.slice(start, start + limit);
    return {
      status: 200,
      body: { object: 'list', url: path, has_more: start + limit < matching.length, data },
    };
  }

  const DECLINED = {
    status: 402,
    body: {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    },
  };
  const priceOf = (params: Record<string, string>, at: string) =>
    obj('price', {
      id: next('price'),
      object: 'price',
      type: 'recurring',
      unit_amount: Number(params[`${at}[price_data][unit_amount]`]),
      currency: params[`${at}[price_data][currency]`],
      product: params[`${at}[price_data][product]`],
      recurring: obj('price_recurring', {
        interval: params[`${at}[price_data][recurring][interval]`] ?? 'month',
        interval_count: 1,
      }),
    });

  /** `livemode` follows the key, as at Stripe: objects made with `sk_live_…` are real money. */
  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    livemode: boolean,
  ): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/invoices') return page(listed.invoices, path, params);
    if (method === 'GET' && path === '/v1/charges') return page(listed.charges, path, params);
    if (method === 'GET' && (m = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      return products.has(m[1]!)
        ? { status: 200, body: obj('product', { id: m[1], object: 'product' }) }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such product: '${m[1]}'`,
              },
            },
          };
    }
    if (method === 'POST' && path === '/v1/products') {
      products.add(params.id!);
      return {
        status: 200,
        body: obj('product', {
          id: params.id,
          object: 'product',
          name: params.name,
          created: Math.floor(Date.now() / 1000),
          livemode,
        }),
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: obj('customer', {
          id: next('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          livemode,
        }),
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (params['items[0][price_data][unit_amount]'] === '13') {
        return {
          status: 402,
          body: { error: { type: 'card_error', message: 'Your card was declined.' } },
        };
      }
      const intentId = next('pi');
      intents.set(
        intentId,
        obj('payment_intent', {
          id: intentId,
          object: 'payment_intent',
          client_secret: `${intentId}_secret_fake`,
          amount: Number(params['items[0][price_data][unit_amount]']),
          amount_received: 0,
          currency: params['items[0][price_data][currency]'],
          customer: params.customer,
          status: 'requires_payment_method',
          created: Math.floor(Date.now() / 1000),
          last_payment_error: null,
          livemode,
        }),
      );
      const invoice = obj('invoice', {
        id: next('in'),
        object: 'invoice',
        customer: params.customer,
        billing_reason: 'subscription_create',
        status: 'open',
        livemode,
        confirmation_secret: { client_secret: `${intentId}_secret_fake`, type: 'payment_intent' },
      });
      const id = next('sub');
      const now = Math.floor(Date.now() / 1000);
      const price = priceOf(params, 'items[0]');
      const item = obj('subscription_item', {
        id: next('si'),
        object: 'subscription_item',
        created: now,
        subscription: id,
        current_period_start: now,
        current_period_end: now + 30 * 86_400,
        price,
        plan: obj('plan', {
          id: price.id,
          object: 'plan',
          amount: price.unit_amount,
          currency: price.currency,
          product: price.product,
          interval: 'month',
          interval_count: 1,
        }),
        quantity: 1,
      });
      const sub = obj('subscription', {
        id,
        object: 'subscription',
        status: 'incomplete',
        customer: params.customer,
        cancel_at_period_end: false,
        created: now,
        start_date: now,
        billing_cycle_anchor: now,
        currency: params['items[0][price_data][currency]'],
        livemode,
        schedule: null,
        items: {
          object: 'list' as const,
          data: [item],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
      });
      subs.set(id, {
        ...sub,
        latest_invoice: { ...invoice, status: 'paid', confirmation_secret: null },
      });
      return { status: 200, body: { ...sub, latest_invoice: invoice } };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subs.get(m[1]!);
      if (!sub)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${m[1]}'`,
            },
          },
        };
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'DELETE')
        return {
          status: 200,
          body: Object.assign(sub, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) }),
        };
      if (params['items[0][price_data][unit_amount]']) {
        const charging = cards.failCharges || cards.requireAuthentication;
        if (
          charging &&
          params.proration_behavior === 'always_invoice' &&
          params.payment_behavior === 'pending_if_incomplete'
        ) {
          // A pending update: nothing changes until the open invoice is paid.
          const price = priceOf(params, 'items[0]');
          const invoice = openInvoice(
            m[1]!,
            5_000,
            cards.requireAuthentication ? 'requires_action' : 'declined',
            price,
          );
          sub.pending_update = {
            expires_at: Math.floor(Date.now() / 1000) + 23 * 3600,
            subscription_items: [{ object: 'subscription_item', price }],
          };
          return { status: 200, body: { ...sub, latest_invoice: invoice } };
        }
        if (cards.failCharges && params.proration_behavior === 'always_invoice') return DECLINED;
        sub.items.data[0]!.price = priceOf(params, 'items[0]');
      }
      if (params.cancel_at_period_end)
        sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      if (params.default_payment_method) sub.default_payment_method = params.default_payment_method;
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      const intent = obj('setup_intent', {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_fake`,
        customer: params.customer,
        status: 'requires_payment_method',
        payment_method: null,
        usage: params.usage,
        created: Math.floor(Date.now() / 1000),
        livemode,
      });
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const intent = setupIntents.get(m[1]!);
      if (!intent)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such setupintent: '${m[1]}'`,
            },
          },
        };
      const card = intent.payment_method as Record<string, unknown> | null;
      return {
        status: 200,
        body: {
          ...intent,
          payment_method: params['expand[0]'] === 'payment_method' ? card : (card?.id ?? null),
        },
      };
    }
    if (method === 'POST' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path)))
      return { status: 200, body: obj('customer', { id: m[1], object: 'customer', livemode }) };
    if (method === 'POST' && (m = /^\/v1\/subscription_schedules\/([^/]+)\/release$/.exec(path))) {
      const schedule = schedules.get(m[1]!);
      if (!schedule || schedule.status !== 'active') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `You cannot release a subscription schedule that is currently in the \`${(schedule?.status as string | undefined) ?? 'released'}\` status.`,
            },
          },
        };
      }
      const sub = subs.get(String(schedule.subscription));
      if (sub) sub.schedule = null;
      return {
        status: 200,
        body: Object.assign(schedule, {
          status: 'released',
          released_subscription: schedule.subscription,
          subscription: null,
        }),
      };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      // Half the difference of the monthly prices: what Stripe would prorate halfway through a period.
      const sub = subs.get(params.subscription!);
      const current = Number(
        (sub?.items.data[0]?.price as { unit_amount?: number } | undefined)?.unit_amount ?? 0,
      );
      const amount = Math.max(
        0,
        Math.round(
          (Number(params['subscription_details[items][0][price_data][unit_amount]'] ?? current) -
            current) /
            2,
        ),
      );
      return {
        status: 200,
        body: obj('invoice', {
          id: `upcoming_${next('in')}`,
          object: 'invoice',
          amount_due: amount,
          currency: 'usd',
          customer: params.customer,
          livemode,
        }),
      };
    }
    if (method === 'POST' && (m = /^\/v1\/invoices\/([^/]+)\/void$/.exec(path))) {
      const invoice = openInvoices.get(m[1]!);
      if (!invoice || invoice.status !== 'open')
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'You can only void an open invoice.' },
          },
        };
      invoice.status = 'void';
      // Voiding the invoice of a pending update drops the update.
      const sub = subs.get(String(invoice.subscription));
      if (sub) sub.pending_update = null;
      return { status: 200, body: invoice };
    }
    if (method === 'POST' && (m = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(path))) {
      if (cards.requireAuthentication) {
        const invoice = openInvoices.get(m[1]!);
        const intentId = String(
          (invoice?.confirmation_secret as { client_secret: string } | undefined)?.client_secret ??
            '',
        ).split('_secret_')[0]!;
        if (intents.has(intentId))
          Object.assign(intents.get(intentId)!, {
            status: 'requires_action',
            last_payment_error: null,
          });
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'invoice_payment_intent_requires_action',
              message:
                'This payment requires additional user action before it can be completed successfully.',
            },
          },
        };
      }
      return cards.failCharges
        ? DECLINED
        : {
            status: 200,
            body: obj('invoice', { id: m[1], object: 'invoice', status: 'paid', livemode }),
          };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const data = [
        obj('invoice_payment', {
          id: next('inpay'),
          object: 'invoice_payment',
          invoice: params.invoice,
          status: 'paid',
          is_default: true,
          livemode,
          payment: { type: 'payment_intent', payment_intent: `pi_of_${params.invoice}` },
        }),
      ];
      return { status: 200, body: { object: 'list', url: path, has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        body: obj('refund', {
          id: next('re'),
          object: 'refund',
          amount: Number(params.amount ?? 0),
          currency: 'usd',
          payment_intent: params.payment_intent,
          status: 'succeeded',
          created: Math.floor(Date.now() / 1000),
        }),
      };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(m[1]!);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        };
      const charge = intent.latest_charge as Record<string, unknown> | null;
      const expanded = Object.entries(params).some(
        ([k, v]) => k.startsWith('expand[') && v === 'latest_charge',
      );
      return {
        status: 200,
        body: { ...intent, latest_charge: expanded ? charge : (charge?.id ?? null) },
      };
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const sub = subs.get(params.from_subscription!);
      if (sub?.schedule) {
        // Stripe's answer to a second schedule for one subscription.
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule as string}\`.`,
            },
          },
        };
      }
      // Its first phase is the subscription's current period, as Stripe makes it.
      const item = sub?.items.data[0] as
        { current_period_start?: number; current_period_end?: number } | undefined;
      const start = item?.current_period_start ?? 1_790_000_000;
      const end = item?.current_period_end ?? 1_792_592_000;
      const id = next('sub_sched');
      const schedule = obj('subscription_schedule', {
        id,
        object: 'subscription_schedule',
        status: 'active',
        subscription: params.from_subscription,
        customer: sub?.customer ?? '',
        created: Math.floor(Date.now() / 1000),
        livemode,
        end_behavior: 'release',
        phases: [
          obj('schedule_phase', {
            start_date: start,
            end_date: end,
            currency: 'usd',
            proration_behavior: 'create_prorations',
          }),
        ],
        current_phase: { start_date: start, end_date: end },
      });
      schedules.set(id, schedule);
      if (sub) sub.schedule = id;
      return { status: 200, body: schedule };
    }
    if ((m = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path))) {
      const schedule = schedules.get(m[1]!);
      if (!schedule)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription schedule: '${m[1]}'`,
            },
          },
        };
      if (method === 'GET') return { status: 200, body: schedule };
      if (schedule.status !== 'active')
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `You cannot update a subscription schedule that is currently in the \`${schedule.status as string}\` status.`,
            },
          },
        };
      if (params.end_behavior) schedule.end_behavior = params.end_behavior;
      return { status: 200, body: schedule };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  const server = await startLocalServer((req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method!,
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    const livemode = (req.headers.authorization ?? '').startsWith('Bearer sk_live_');
    const request = `${req.method} ${url.pathname} ${JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))}`;
    const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
    let answer: { status: number; body: unknown };
    if (replay && replay.request !== request) {
      answer = {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        },
      };
    } else {
      answer = replay?.answer ?? route(req.method!, url.pathname, params, livemode);
      if (idempotencyKey && !replay) replays.set(idempotencyKey, { request, answer });
    }
    answers.push({
      method: req.method!,
      path: url.pathname,
      status: answer.status,
      body: answer.body,
    });
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${seq}`,
    });
    res.end(JSON.stringify(answer.body));
  });
  const { port } = server;
  return {
    url: `http://127.0.0.1:${port}`,
    listed,
    requests,
    answers,
    cards,
    /** The fake's subscription as Stripe holds it (its item's price, cancel_at_period_end, default card). */
    subscription: (id: string) => subs.get(id),
    /** Confirms a SetupIntent with a card, as the Payment Element does in the browser. */
    /** A past-due subscription's renewal invoice, open, whose PaymentIntent waits for 3-D Secure (or was declined). */
    openRenewalInvoice(
      subscriptionId: string,
      amount: number,
      outcome: 'declined' | 'requires_action' = 'requires_action',
    ) {
      return openInvoice(subscriptionId, amount, outcome);
    },
    /**
     * The client answered the bank's page in the browser (Stripe.js's handleNextAction): the intent
     * succeeds, and its invoice is paid (a pending update applies), or fails authentication.
     */
    authenticate(intentId: string, completed: boolean) {
      const intent = intents.get(intentId)!;
      if (!completed) {
        const error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
        return;
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      const invoice = [...openInvoices.values()].find((i) =>
        String((i.confirmation_secret as { client_secret: string }).client_secret).startsWith(
          `${intentId}_secret_`,
        ),
      );
      if (!invoice) return;
      invoice.status = 'paid';
      const sub = subs.get(String(invoice.subscription));
      if (sub && invoice.pending_price) {
        sub.items.data[0]!.price = invoice.pending_price;
        sub.pending_update = null;
      }
    },
    confirmSetup(
      id: string,
      card: { brand: string; last4: string; exp_month: number; exp_year: number },
    ) {
      Object.assign(setupIntents.get(id)!, {
        status: 'succeeded',
        payment_method: obj('payment_method', {
          id: next('pm'),
          object: 'payment_method',
          type: 'card',
          card: obj('card', card),
        }),
      });
    },
    /** Makes the fake's intent succeed (or fail), as if the browser had confirmed it with Stripe.js; a success gets its charge (paid now, or at `paidAt`). */
    setIntent(id: string, fields: Record<string, unknown>, paidAt = Math.floor(Date.now() / 1000)) {
      const intent = intents.get(id)!;
      Object.assign(intent, fields);
      if (fields.status === 'succeeded' && !intent.latest_charge)
        intent.latest_charge = obj('charge', {
          id: next('ch'),
          object: 'charge',
          created: paidAt,
          status: 'succeeded',
          paid: true,
          captured: true,
        });
    },
    /** Attaches a schedule to the fake's subscription as the Dashboard (or a try that failed after Stripe made it) would. */
    attachSchedule(subscriptionId: string): string {
      const answer = route(
        'POST',
        '/v1/subscription_schedules',
        { from_subscription: subscriptionId },
        false,
      );
      return (answer.body as { id: string }).id;
    },
    close: server.close,
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
