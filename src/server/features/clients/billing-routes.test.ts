import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AccountOverview } from '../../../contract/billing.js';
import { activityLog, payments } from '../../db/schema.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { mailKinds, paidRegistration } from '../../test/billing.js';

describe.each(TEST_DATABASES)("the agency's view of a client's billing on %s", (kind) => {
  const ctx = appUnderTest(kind);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = ctx.cookie) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('shows the subscription and invoices, and answers 401 to visitors and 404 to strangers', async () => {
    const { registrationId } = await paidRegistration(ctx);
    expect((await call('GET', `/api/clients/${registrationId}/billing`, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', '/api/clients/not-a-uuid/billing')).statusCode).toBe(404);
    const billing = await call('GET', `/api/clients/${registrationId}/billing`);
    expect(billing.statusCode).toBe(200);
    const overview = billing.json<AccountOverview>();
    expect(overview.subscription).toMatchObject({ status: 'active', plan: { name: 'growing' }, card: { last4: '4242' } });
    expect(overview.invoices).toHaveLength(1);
    expect(overview.invoices[0]).toMatchObject({ kind: 'first', status: 'paid', amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('refunds a paid invoice once: a negative ledger row, the invoice refunded, the client told, the activity logged', async () => {
    const { registrationId, email } = await paidRegistration(ctx);
    const [invoice] = (await call('GET', `/api/clients/${registrationId}/billing`)).json<AccountOverview>().invoices;
    const url = `/api/clients/${registrationId}/invoices/${invoice!.id}/refund`;
    const [first, second] = await Promise.all([call('POST', url), call('POST', url)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ledger = await ctx.testDb.database.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    const cents = ledger.map((p) => p.amountCents).sort((a, b) => a - b);
    expect(cents).toHaveLength(2);
    expect(cents[0]).toBe(-cents[1]!);
    expect(ledger.find((p) => p.amountCents < 0)!.refundOfPaymentId).toBe(ledger.find((p) => p.amountCents > 0)!.id);
    const after = (await call('GET', `/api/clients/${registrationId}/billing`)).json<AccountOverview>();
    expect(after.invoices[0]).toMatchObject({ status: 'refunded', refunded: invoice!.amount });
    expect(await mailKinds(ctx, email)).toContain('client_billing_change');
    const logged = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'refund'), eq(activityLog.subject, `invoice:${invoice!.id}`)));
    expect(logged).toHaveLength(1);
    // Another client's invoice is nobody's here.
    const other = await paidRegistration(ctx);
    expect((await call('POST', `/api/clients/${other.registrationId}/invoices/${invoice!.id}/refund`)).statusCode).toBe(404);
  });

  it('resends a receipt and cancels at the end of the paid period for the client', async () => {
    const { registrationId, email } = await paidRegistration(ctx);
    const [invoice] = (await call('GET', `/api/clients/${registrationId}/billing`)).json<AccountOverview>().invoices;
    const before = (await mailKinds(ctx, email)).length;
    const resent = await call('POST', `/api/clients/${registrationId}/invoices/${invoice!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<{ message: string }>().message).toContain(email);
    expect((await mailKinds(ctx, email)).length).toBe(before + 1);

    expect((await call('POST', `/api/clients/${registrationId}/cancel`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const cancelled = await call('POST', `/api/clients/${registrationId}/cancel`, { reason: 'Closing the shop' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<AccountOverview>().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await call('POST', `/api/clients/${registrationId}/cancel`, {})).statusCode).toBe(409);
  });
});
