import { vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AppUnderTest } from './app-under-test.js';
import { businessRegistrations, invoices, outboxMessages, subscriptions } from '../db/schema.js';

/** Test helpers: a registered business that paid with a test card, the app's billing engine, and what it wrote. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

export async function paidRegistration(
  ctx: AppUnderTest,
  plan = 'growing',
  email = `client-${Math.random().toString(36).slice(2, 10)}@example.com`,
  {
    remoteAddress,
    ...more
  }: { businessName?: string; language?: 'en' | 'es'; remoteAddress?: string } = {},
) {
  const registration = {
    businessName: 'Demo Bakery',
    ownerName: 'Sam Example',
    email,
    businessType: 'Restaurant',
    subscriptionPlan: plan,
    ...more,
  };
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/business-registration',
    payload: registration,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const registrationId = registered.json<{ id: string }>().id;
  const plans = (await ctx.app.inject({ url: '/api/subscription-plans' })).json<
    { id: number; name: string }[]
  >();
  const planId = plans.find((p) => p.name === plan)!.id;
  const intent = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { planId, registrationId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, ...GOOD_CARD },
  });
  if (paid.json<{ status: string }>().status !== 'succeeded')
    throw new Error(`payment failed: ${paid.body}`);
  const db = ctx.testDb.database.db;
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.registrationId, registrationId));
  return {
    registrationId,
    subscriptionId: sub!.id,
    email,
    planIds: Object.fromEntries(plans.map((p) => [p.name, p.id])) as Record<string, number>,
  };
}

/** The app's own billing engine (the one its routes and its billing job use), not a second copy. */
export function billingFor(ctx: AppUnderTest) {
  return ctx.app.services.billing;
}

export async function subscriptionRow(ctx: AppUnderTest, id: string) {
  const [sub] = await ctx.testDb.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return sub!;
}

export async function registrationPlanId(ctx: AppUnderTest, id: string) {
  const [registration] = await ctx.testDb.database.db
    .select()
    .from(businessRegistrations)
    .where(eq(businessRegistrations.id, id));
  return registration!.planId;
}

export async function invoicesOf(ctx: AppUnderTest, subscriptionId: string) {
  return ctx.testDb.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(invoices.attemptedAt, invoices.number);
}

export async function mailKinds(ctx: AppUnderTest, to: string) {
  const rows = await ctx.testDb.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt));
  return rows.map((r) => r.kind);
}

let signInAddresses = 0;
/** Signs a client in to the billing page as the e-mailed link does; the session cookie ('agency.account=…'). */
export async function accountCookie(ctx: AppUnderTest, email: string): Promise<string> {
  const remoteAddress = `10.76.${Math.floor(++signInAddresses / 250)}.${(signInAddresses % 250) + 1}`;
  await ctx.app.inject({
    method: 'POST',
    url: '/api/account/sign-in-link',
    payload: { email },
    remoteAddress,
  });
  // The link is written just after the answer (so its time says nothing about the address): wait for it.
  const link = await vi
    .waitFor(async () => {
      const links = await ctx.testDb.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, email));
      return (
        links.filter((m) => m.kind === 'client_billing_link').at(-1) ??
        Promise.reject(new Error('no link yet'))
      );
    })
    .catch(() => undefined);
  const token = link?.secretText && /\/account\?token=([A-Za-z0-9_-]+)/.exec(link.secretText)?.[1];
  if (!token) throw new Error(`no billing link was e-mailed to ${email}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/sign-in',
    payload: { token },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return String([res.headers['set-cookie']].flat()[0]).split(';')[0]!;
}
