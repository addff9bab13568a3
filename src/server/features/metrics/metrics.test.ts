import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { signInWithEmail } from '../../../contract/auth/sign-in.js';
import { apiPath } from '../../test/api-path.js';
import { listPlans } from '../../../contract/plans/list.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { stripeWebhook } from '../../../contract/payments/payments.js';
import { AUTH_BASE_PATH } from '../../../contract/auth/auth.js';
import { parseExposition, sampleValue, type Sample } from './scrape.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const WEBHOOK_SECRET = 'whsec_metrics_test';
const signer = new Stripe('sk_test_fake');

describe.each(TEST_DATABASES)('/metrics with METRICS_TOKEN on %s', (kind) => {
  let fake: FakeStripe | undefined;
  afterAll(() => fake?.close());
  const ctx = appUnderTest(kind, async () => {
    fake = await startFakeStripe();
    return {
      role: null,
      registrationRateLimit: 2,
      config: testConfig({
        METRICS_TOKEN: TOKEN,
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
      }),
    };
  });

  const scrape = async () => {
    const res = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  };

  it('refuses a missing, wrong or differently sent token with 401 and no figures', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await ctx.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({
        message: 'Send the metrics token as "Authorization: Bearer <token>".',
      });
      expect(res.body).not.toContain('agency_');
    }
  });

  it('times requests by route template, method and status; an unknown path is "unmatched"', async () => {
    const labels = { method: 'GET', route: listPlans.path, status_code: '200' };
    const count = 'agency_http_request_duration_seconds_count';
    const before = sampleValue(await scrape(), count, labels) ?? 0;
    expect((await ctx.app.inject(listPlans.path)).statusCode).toBe(200);
    expect((await ctx.app.inject(listPlans.path)).statusCode).toBe(200);
    expect((await ctx.app.inject(`${listPlans.path}-no-such-thing/12345`)).statusCode).toBe(404);
    const samples = await scrape();
    expect(sampleValue(samples, count, labels)).toBe(before + 2);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(sampleValue(samples, count, unmatched)).toBeGreaterThanOrEqual(1);
    // The raw URL is never a label value: only route templates are.
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('12345')))).toBe(
      false,
    );
    const bucket = sampleValue(samples, 'agency_http_request_duration_seconds_bucket', {
      ...labels,
      le: '+Inf',
    });
    expect(bucket).toBe(before + 2);
  });

  it('counts 429 refusals by route and limit', async () => {
    const route = submitBusinessRegistration.path;
    const refusals = 'agency_rate_limit_refusals_total';
    const before = sampleValue(await scrape(), refusals, { route, limit: 'address' }) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: route,
        remoteAddress: `10.77.${kind === 'pglite' ? 1 : 2}.1`,
        payload: { businessName: '' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect(sampleValue(await scrape(), refusals, { route, limit: 'address' })).toBe(before + 1);
  });

  it("counts the sign-in lockout of one account as limit 'account'", async () => {
    const refused = (samples: Sample[]) =>
      samples.filter(
        (s) => s.name === 'agency_rate_limit_refusals_total' && s.labels.limit === 'account',
      );
    const before = refused(await scrape()).reduce((sum, s) => sum + s.value, 0);
    const codes: number[] = [];
    // Every guess from another address: only the account's own limit (10 guesses) can refuse them.
    for (let i = 0; i < 30 && codes.at(-1) !== 429; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPath(signInWithEmail),
        payload: { email: `guessed-${kind}@example.com`, password: `wrong guess number ${i}` },
        remoteAddress: `10.78.${kind === 'pglite' ? 1 : 2}.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.length).toBeGreaterThan(5);
    const after = refused(await scrape());
    expect(after.reduce((sum, s) => sum + s.value, 0)).toBe(before + 1);
    expect(after.every((s) => s.labels.route?.startsWith(`${AUTH_BASE_PATH}/`))).toBe(true);
  });

  it('counts job runs by job, lists every job from 0, and reads the outbox backlog and age', async () => {
    const db = ctx.testDb.database.db;
    let samples = await scrape();
    for (const job of ['outbox delivery', 'upload cleanup', 'lead digest', 'billing run'])
      expect(sampleValue(samples, 'agency_job_failures_total', { job }), job).toBe(0);
    const runsBefore = sampleValue(samples, 'agency_job_runs_total', { job: 'outbox delivery' });
    await ctx.app.services.outbox.drain();
    samples = await scrape();
    expect(sampleValue(samples, 'agency_outbox_pending_messages')).toBe(0);
    expect(sampleValue(samples, 'agency_outbox_oldest_pending_age_seconds')).toBe(0);

    await db.insert(outboxMessages).values([
      { kind: 'test', to: 'a@example.com', subject: 'Old', body: 'x', createdAt: minutesAgo(10) },
      { kind: 'test', to: 'b@example.com', subject: 'New', body: 'y' },
    ]);
    samples = await scrape();
    expect(sampleValue(samples, 'agency_outbox_pending_messages')).toBe(2);
    const age = sampleValue(samples, 'agency_outbox_oldest_pending_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);

    expect(await ctx.app.services.outbox.drain()).toBe(2);
    samples = await scrape();
    expect(sampleValue(samples, 'agency_outbox_pending_messages')).toBe(0);
    const runs = { job: 'outbox delivery' };
    expect(sampleValue(samples, 'agency_job_runs_total', runs)).toBe((runsBefore ?? 0) + 2);
    expect(sampleValue(samples, 'agency_job_duration_seconds_count', runs)).toBe(
      (runsBefore ?? 0) + 2,
    );
    const lastSuccess = sampleValue(samples, 'agency_job_last_success_timestamp_seconds', runs);
    expect(Math.abs((lastSuccess ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it("measures a Stripe event's lag from its creation to its settlement", async () => {
    const labels = { provider: 'stripe', outcome: 'applied' };
    const before = await scrape();
    const countBefore = sampleValue(before, 'agency_webhook_lag_seconds_count', labels) ?? 0;
    const sumBefore = sampleValue(before, 'agency_webhook_lag_seconds_sum', labels) ?? 0;
    const created = Math.floor(Date.now() / 1000) - 120;
    const payload = JSON.stringify({
      id: `evt_metrics_${kind}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: 'customer.created',
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'cus_metrics', object: 'customer' } },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const after = await scrape();
    expect(sampleValue(after, 'agency_webhook_lag_seconds_count', labels)).toBe(countBefore + 1);
    const lag = (sampleValue(after, 'agency_webhook_lag_seconds_sum', labels) ?? 0) - sumBefore;
    expect(lag).toBeGreaterThanOrEqual(120);
    expect(lag).toBeLessThan(300);
    expect(sampleValue(after, 'agency_webhook_lag_seconds_bucket', { ...labels, le: '60' })).toBe(
      sampleValue(before, 'agency_webhook_lag_seconds_bucket', { ...labels, le: '60' }) ?? 0,
    );
  });

  it('reports readiness per dependency, the pool, its waits and the process', async () => {
    await ctx.app.inject(listPlans.path);
    const samples = await scrape();
    expect(sampleValue(samples, 'agency_dependency_ready', { dependency: 'database' })).toBe(1);
    // No REDIS_URL: no Redis line at all, rather than a 0 that would page someone.
    expect(sampleValue(samples, 'agency_dependency_ready', { dependency: 'redis' })).toBe(
      undefined,
    );
    const total = sampleValue(samples, 'agency_db_pool_connections') ?? -1;
    const idle = sampleValue(samples, 'agency_db_pool_idle_connections') ?? -1;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    if (kind === 'pglite') expect(total).toBe(1);
    expect(sampleValue(samples, 'agency_db_pool_waiting_requests')).toBe(0);
    expect(sampleValue(samples, 'agency_db_connection_wait_seconds_count')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });
});

function minutesAgo(minutes: number): Date {
  return new Date(Date.now() - minutes * 60_000);
}
