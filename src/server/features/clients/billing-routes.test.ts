import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getCurrentEmployee } from '../../../contract/auth/employee-account.js';
import type { AccountOverview } from '../../../contract/billing/billing.js';
import {
  cancelClientSubscription,
  getClientBilling,
  refundClientInvoice,
  resendClientReceipt,
} from '../../../contract/clients/clients.js';
import { listEmployees, updateEmployee } from '../../../contract/employees/employees.js';
import { updatePlan } from '../../../contract/plans/admin.js';
import { listPlans } from '../../../contract/plans/list.js';
import { activityLog, payments } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { invoicesOf, mailKinds, paidRegistration } from '../../test/billing.js';
import { signedInEmployee } from '../../test/employees.js';
import { user } from '../../db/schema.js';

describe.each(TEST_DATABASES)("the agency's view of a client's billing on %s", (kind) => {
  // Signed in as an owner (owners always have the billing permission); staff are signed in below.
  const ctx = appUnderTest(kind, { role: 'owner' });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    cookie = ctx.cookie,
  ) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const refundUrl = (registrationId: string, invoiceId: string) =>
    apiPath(refundClientInvoice, { id: registrationId, invoiceId });
  const firstInvoice = async (registrationId: string) =>
    (await call('GET', apiPath(getClientBilling, { id: registrationId })))
      .json<AccountOverview>()
      .invoices.at(-1)!;

  it('shows the subscription and invoices, and answers 401 to visitors and 404 to strangers', async () => {
    const { registrationId } = await paidRegistration(ctx);
    expect(
      (await call('GET', apiPath(getClientBilling, { id: registrationId }), undefined, ''))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', apiPath(getClientBilling, { id: 'not-a-uuid' }))).statusCode).toBe(
      404,
    );
    const billing = await call('GET', apiPath(getClientBilling, { id: registrationId }));
    expect(billing.statusCode).toBe(200);
    const overview = billing.json<AccountOverview>();
    expect(overview.subscription).toMatchObject({
      status: 'active',
      plan: { name: 'growing' },
      card: { last4: '4242' },
    });
    expect(overview.invoices).toHaveLength(1);
    expect(overview.invoices[0]).toMatchObject({
      kind: 'first',
      status: 'paid',
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it('refunds a paid invoice once: a negative ledger row, the invoice refunded, the client told, the activity logged', async () => {
    const { registrationId, email } = await paidRegistration(ctx);
    const [invoice] = (
      await call('GET', apiPath(getClientBilling, { id: registrationId }))
    ).json<AccountOverview>().invoices;
    const url = refundUrl(registrationId, invoice!.id);
    const full = { amount: invoice!.amount, reason: 'Charged twice' };
    const [first, second] = await Promise.all([call('POST', url, full), call('POST', url, full)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ledger = await ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId));
    const cents = ledger.map((p) => p.amountCents).sort((a, b) => a - b);
    expect(cents).toHaveLength(2);
    expect(cents[0]).toBe(-cents[1]!);
    expect(ledger.find((p) => p.amountCents < 0)!.refundOfPaymentId).toBe(
      ledger.find((p) => p.amountCents > 0)!.id,
    );
    const after = (
      await call('GET', apiPath(getClientBilling, { id: registrationId }))
    ).json<AccountOverview>();
    expect(after.invoices[0]).toMatchObject({ status: 'refunded', refunded: invoice!.amount });
    expect(await mailKinds(ctx, email)).toContain('client_billing_change');
    const logged = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'refund'), eq(activityLog.subject, `invoice:${invoice!.id}`)),
      );
    expect(logged).toHaveLength(1);
    // Another client's invoice is nobody's here.
    const other = await paidRegistration(ctx);
    expect(
      (await call('POST', refundUrl(other.registrationId, invoice!.id), full)).statusCode,
    ).toBe(404);
  });

  it('refunds part of an invoice, then the rest: the ledger, the invoice and the activity log follow each amount', async () => {
    const { registrationId, subscriptionId } = await paidRegistration(ctx, 'growing');
    const invoice = await firstInvoice(registrationId);
    expect(invoice.amount).toBe('299.00');
    const url = refundUrl(registrationId, invoice.id);
    const db = ctx.testDb.database.db;

    const part = await call('POST', url, {
      amount: ' 49.5 ',
      reason: '  Two weeks without a site  ',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<AccountOverview>().invoices.at(-1)).toMatchObject({
      status: 'paid',
      refunded: '49.50',
    });
    const refunds = async () =>
      (await db.select().from(payments).where(eq(payments.registrationId, registrationId)))
        .filter((p) => p.amountCents < 0)
        .map((p) => p.amountCents);
    expect(await refunds()).toEqual([-4950]);
    const [logged] = await db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'refund'), eq(activityLog.subject, `invoice:${invoice.id}`)),
      );
    expect(logged!.detail).toEqual({
      client: registrationId,
      amount: '49.5',
      amountCents: 4950,
      reason: 'Two weeks without a site',
    });

    // More than is left: refused, naming what is left; nothing booked.
    const tooMuch = await call('POST', url, { amount: '249.51', reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message: expect.stringContaining('$249.50'),
      issues: [{ field: 'amount' }],
    });
    expect(await refunds()).toEqual([-4950]);

    const rest = await call('POST', url, { amount: '249.50', reason: 'Closing the account' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<AccountOverview>().invoices.at(-1)).toMatchObject({
      status: 'refunded',
      refunded: '299.00',
    });
    expect((await refunds()).sort((a, b) => a - b)).toEqual([-24950, -4950]);
    expect((await invoicesOf(ctx, subscriptionId))[0]).toMatchObject({
      status: 'refunded',
      refundedCents: 29900,
    });
    expect((await call('POST', url, { amount: '0.01', reason: 'Once more' })).statusCode).toBe(409);
  });

  it('refuses a refund without a valid amount or reason with 400 and the field', async () => {
    const { registrationId } = await paidRegistration(ctx, 'essential');
    const url = refundUrl(registrationId, (await firstInvoice(registrationId)).id);
    const cases: [unknown, string][] = [
      [{ amount: '0', reason: 'x' }, 'amount'],
      [{ amount: '0.00', reason: 'x' }, 'amount'],
      [{ amount: '-5', reason: 'x' }, 'amount'],
      [{ amount: '1.234', reason: 'x' }, 'amount'],
      [{ amount: 'ten', reason: 'x' }, 'amount'],
      [{ amount: 10, reason: 'x' }, 'amount'],
      [{ amount: '99999999', reason: 'x' }, 'amount'],
      [{ amount: '1e3', reason: 'x' }, 'amount'],
      [{ amount: '10.00' }, 'reason'],
      [{ amount: '10.00', reason: '   ' }, 'reason'],
      [{ amount: '10.00', reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 'x' }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json<{ issues?: { field: string }[] }>().issues?.map((i) => i.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect((await call('POST', url)).statusCode).toBe(400);
    expect(await mailKinds(ctx, 'nobody')).toEqual([]);
    expect((await firstInvoice(registrationId)).refunded).toBe('0.00');
  });

  it('lets staff refund, cancel for a client and change plans only with the billing permission an owner grants', async () => {
    const db = ctx.testDb.database.db;
    const staff = await signedInEmployee(ctx.app, db, 'staff', 'Sam Staff');
    const [staffRow] = await db.select().from(user).where(eq(user.email, staff.email));
    const me = async () =>
      (await call('GET', apiPath(getCurrentEmployee), undefined, staff.cookie)).json<{
        billing: boolean;
      }>();
    expect(await me()).toMatchObject({ billing: false });
    const { registrationId } = await paidRegistration(ctx, 'essential');
    const invoice = await firstInvoice(registrationId);
    const plans = (await call('GET', apiPath(listPlans))).json<
      {
        id: number;
        name: string;
        displayName: string;
        description: string;
        price: string;
        billingCycle: string;
        features: string[];
        renewalPrice: string | null;
        mostPopular: boolean;
      }[]
    >();
    const essential = plans.find((p) => p.name === 'essential')!;
    const planBody = {
      displayName: essential.displayName,
      description: essential.description,
      price: essential.price,
      billingCycle: essential.billingCycle,
      features: essential.features,
      renewalPrice: essential.renewalPrice,
      mostPopular: essential.mostPopular,
    };
    const refund = () =>
      call(
        'POST',
        refundUrl(registrationId, invoice.id),
        { amount: '1.00', reason: 'Goodwill' },
        staff.cookie,
      );
    const cancel = () =>
      call(
        'POST',
        apiPath(cancelClientSubscription, { id: registrationId }),
        { reason: 'Asked by phone' },
        staff.cookie,
      );
    const changePlan = (price: string) =>
      call('PUT', apiPath(updatePlan, { id: essential.id }), { ...planBody, price }, staff.cookie);

    for (const res of [await refund(), await cancel(), await changePlan('1.00')]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message:
          'You need the billing permission for this. Ask an owner to grant it in Settings → Employees.',
      });
    }
    // Nothing moved, and reading and resending a receipt stay open to staff.
    expect(await firstInvoice(registrationId)).toMatchObject({ refunded: '0.00' });
    expect(
      (await call('GET', apiPath(listPlans)))
        .json<typeof plans>()
        .find((p) => p.id === essential.id)!.price,
    ).toBe(essential.price);
    expect(
      (
        await call(
          'GET',
          apiPath(getClientBilling, { id: registrationId }),
          undefined,
          staff.cookie,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          apiPath(resendClientReceipt, { id: registrationId, invoiceId: invoice.id }),
          {},
          staff.cookie,
        )
      ).statusCode,
    ).toBe(200);

    // Staff cannot grant it to themselves; an owner can.
    expect(
      (
        await call(
          'PATCH',
          apiPath(updateEmployee, { id: staffRow!.id }),
          { billing: true },
          staff.cookie,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', apiPath(updateEmployee, { id: staffRow!.id }), { billing: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', apiPath(updateEmployee, { id: staffRow!.id }), { billing: true }))
        .statusCode,
    ).toBe(204);
    expect(await me()).toMatchObject({ billing: true });
    const listed = (await call('GET', apiPath(listEmployees))).json<
      { id: string; role: string; billing: boolean }[]
    >();
    expect(listed.find((e) => e.id === staffRow!.id)).toMatchObject({
      role: 'staff',
      billing: true,
    });
    expect(listed.filter((e) => e.role === 'owner').every((e) => e.billing)).toBe(true);
    for (const res of [await refund(), await cancel(), await changePlan(essential.price)])
      expect(res.statusCode, res.body).toBe(200);

    // Taken back: refused again at once (the session reads the account on each request).
    expect(
      (await call('PATCH', apiPath(updateEmployee, { id: staffRow!.id }), { billing: false }))
        .statusCode,
    ).toBe(204);
    expect((await refund()).statusCode).toBe(403);
    const granted = await db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'update'), eq(activityLog.subject, 'employee')));
    expect(granted.map((g) => g.detail)).toEqual(
      expect.arrayContaining([
        { id: staffRow!.id, billing: true },
        { id: staffRow!.id, billing: false },
      ]),
    );
  });

  it('resends a receipt and cancels at the end of the paid period for the client', async () => {
    const { registrationId, email } = await paidRegistration(ctx);
    const [invoice] = (
      await call('GET', apiPath(getClientBilling, { id: registrationId }))
    ).json<AccountOverview>().invoices;
    const before = (await mailKinds(ctx, email)).length;
    const resent = await call(
      'POST',
      apiPath(resendClientReceipt, { id: registrationId, invoiceId: invoice!.id }),
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json<{ message: string }>().message).toContain(email);
    expect((await mailKinds(ctx, email)).length).toBe(before + 1);

    expect(
      (
        await call('POST', apiPath(cancelClientSubscription, { id: registrationId }), {
          reason: 'x'.repeat(501),
        })
      ).statusCode,
    ).toBe(400);
    const cancelled = await call(
      'POST',
      apiPath(cancelClientSubscription, { id: registrationId }),
      {
        reason: 'Closing the shop',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<AccountOverview>().subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(
      (await call('POST', apiPath(cancelClientSubscription, { id: registrationId }), {}))
        .statusCode,
    ).toBe(409);
  });
});
