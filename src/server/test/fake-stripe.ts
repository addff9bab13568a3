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
  const replays = new Map<string, { status: number; body: unknown }>();
  const products = new Set<string>();
  const intents = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;

  /** What the list endpoints answer (revenue:sync), newest first as Stripe lists them. */
  const listed = { invoices: [] as Record<string, unknown>[], charges: [] as Record<string, unknown>[] };
  function page(items: Record<string, unknown>[], path: string, params: Record<string, string>) {
    const gte = Number(params['created[gte]'] ?? 0);
    const matching = items.filter((i) => Number(i.created ?? 0) >= gte && (path !== '/v1/invoices' || !params.status || i.status === params.status));
    const start = params.starting_after ? matching.findIndex((i) => i.id === params.starting_after) + 1 : 0;
    const limit = Number(params.limit ?? 10);
    const data = matching.slice(start, start + limit);
    return { status: 200, body: { object: 'list', url: path, has_more: start + limit < matching.length, data } };
  }

  /** `livemode` follows the key, as at Stripe: objects made with `sk_live_…` are real money. */
  function route(method: string, path: string, params: Record<string, string>, livemode: boolean): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/invoices') return page(listed.invoices, path, params);
    if (method === 'GET' && path === '/v1/charges') return page(listed.charges, path, params);
    if (method === 'GET' && (m = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      return products.has(m[1]!)
        ? { status: 200, body: { id: m[1], object: 'product' } }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such product: '${m[1]}'` } } };
    }
    if (method === 'POST' && path === '/v1/products') {
      products.add(params.id!);
      return { status: 200, body: { id: params.id, object: 'product', name: params.name } };
    }
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: next('cus'), object: 'customer', email: params.email ?? null } };
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (params['items[0][price_data][unit_amount]'] === '13') {
        return { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.' } } };
      }
      const intentId = next('pi');
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: Number(params['items[0][price_data][unit_amount]']),
        amount_received: 0,
        currency: params['items[0][price_data][currency]'],
        customer: params.customer,
        status: 'requires_payment_method',
        created: Math.floor(Date.now() / 1000),
        last_payment_error: null,
        livemode,
      });
      const invoice = { id: next('in'), object: 'invoice', confirmation_secret: { client_secret: `${intentId}_secret_fake`, type: 'payment_intent' } };
      return {
        status: 200,
        body: {
          id: next('sub'),
          object: 'subscription',
          status: 'incomplete',
          customer: params.customer,
          latest_invoice: invoice,
          items: { object: 'list', data: [] },
        },
      };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(m[1]!);
      return intent ? { status: 200, body: intent } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      return {
        status: 200,
        body: { id: next('sub_sched'), object: 'subscription_schedule', subscription: params.from_subscription, phases: [{ start_date: 1_790_000_000 }] },
      };
    }
    if (method === 'POST' && (m = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path))) {
      return { status: 200, body: { id: m[1], object: 'subscription_schedule' } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server = await startLocalServer((req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, path: url.pathname, params, idempotencyKey, authorization: req.headers.authorization });
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const livemode = (req.headers.authorization ?? '').startsWith('Bearer sk_live_');
    const answer = (replayKey && replays.get(replayKey)) || route(req.method!, url.pathname, params, livemode);
    if (replayKey) replays.set(replayKey, answer);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(answer.body));
  });
  const { port } = server;
  return {
    url: `http://127.0.0.1:${port}`,
    listed,
    requests,
    /** Makes the fake's intent succeed (or fail), as if the browser had confirmed it with Stripe.js. */
    setIntent(id: string, fields: Record<string, unknown>) {
      Object.assign(intents.get(id)!, fields);
    },
    close: server.close,
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
