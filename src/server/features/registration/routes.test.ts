import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  confirmTestCardPayment,
  createPaymentIntent,
} from '../../../contract/payments/checkout.js';
import {
  submitBusinessRegistration,
  type BusinessRegistrationResult,
} from '../../../contract/registration/registration.js';
import {
  businessRegistrations,
  outboxMessages,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';

const valid = {
  businessName: '  Demo Plumbing Co ',
  ownerName: 'Pat Example',
  email: 'pat@example.com',
  phone: '',
  address: '1 Test Street',
  businessType: 'Construction',
  subscriptionPlan: 'professional',
  website: 'https://demo-plumbing.example.com',
  description: '',
};

describe.each(TEST_DATABASES)('POST /api/business-registration on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null, registrationRateLimit: 1000 });

  const post = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: payload as object,
    });

  it('stores a valid registration as pending_payment, trimmed, blanks as null', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; status: string; plan: { id: number; name: string } }>();
    expect(body.status).toBe('pending_payment');
    expect(body.plan.name).toBe('professional');
    const [row] = await ctx.testDb.database.db
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, body.id));
    expect(row).toMatchObject({
      businessName: 'Demo Plumbing Co',
      phone: null,
      description: null,
      website: 'https://demo-plumbing.example.com',
      planId: body.plan.id,
      status: 'pending_payment',
    });
  });

  it('lists every failing field with a readable message and stores nothing', async () => {
    const before = await ctx.testDb.database.db.$count(businessRegistrations);
    const res = await post({
      ...valid,
      businessName: '   ',
      email: 'not-an-email',
      businessType: 'Spaceships',
      website: 'ftp://x.example.com',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues: { field: string; message: string }[] }>();
    expect(body.issues.map((i) => i.field).sort()).toEqual([
      'businessName',
      'businessType',
      'email',
      'website',
    ]);
    expect(body.message).toContain('Business Name');
    expect(body.issues.find((i) => i.field === 'email')!.message).toMatch(/valid email/i);
    expect(await ctx.testDb.database.db.$count(businessRegistrations)).toBe(before);
  });

  it('refuses missing required fields, an unknown plan, and over-long text', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ issues: { field: string }[] }>()
        .issues.map((i) => i.field)
        .sort(),
    ).toEqual(['businessName', 'businessType', 'email', 'ownerName', 'subscriptionPlan']);
    const unknownPlan = await post({ ...valid, subscriptionPlan: 'platinum' });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe(
      'subscriptionPlan',
    );
    const tooLong = await post({ ...valid, description: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ issues: { field: string; message: string }[] }>().issues[0]).toEqual({
      field: 'description',
      message: 'Description must be at most 2000 characters',
      code: 'field_too_long',
      params: { max: 2000 },
    });
    const wrongType = await post({ ...valid, phone: 12345 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 400 to malformed JSON and 413 beyond 1 MB', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      headers: { 'content-type': 'application/json' },
      payload: '{"businessName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });
    const huge = await post({ ...valid, description: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/too large/);
  });
});

describe.each(TEST_DATABASES)('resuming an unpaid registration on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  const base = {
    ownerName: 'Robin Example',
    businessType: 'Retail Store',
    subscriptionPlan: 'professional',
  };

  const post = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: apiPath(submitBusinessRegistration), payload, headers });
  const registered = async (
    payload: object,
    status: number,
    headers: Record<string, string> = {},
  ) => {
    const res = await post(payload, headers);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<BusinessRegistrationResult>();
  };
  /** The registrations of one e-mail and business, matched as the server matches them. */
  const rowsOf = (email: string, businessName: string) =>
    ctx.testDb.database.db
      .select()
      .from(businessRegistrations)
      .where(
        and(
          sql`lower(${businessRegistrations.email}) = lower(${email})`,
          sql`lower(${businessRegistrations.businessName}) = lower(${businessName})`,
        ),
      );
  const mailsTo = (to: string) =>
    ctx.testDb.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

  it('answers 201 for a new registration and 200 with the same id when it is sent again, changing nothing it stored', async () => {
    const first = await registered(
      {
        ...base,
        businessName: 'Corner Books',
        email: 'robin@example.com',
        phone: '+1 555 0100',
        address: '1 Shelf Street',
      },
      201,
    );
    expect(first).toMatchObject({
      status: 'pending_payment',
      resumed: false,
      plan: { name: 'professional' },
    });
    expect(first.checkoutPath).toBe(`/checkout/professional?registration=${first.id}`);
    const [before] = await rowsOf('robin@example.com', 'Corner Books');

    // Someone who knows the business's name and e-mail sends other details: the row stays as the first registration said.
    const again = await registered(
      {
        ...base,
        businessName: '  corner   BOOKS ',
        email: ' Robin@Example.COM ',
        ownerName: 'Mallory Other',
        phone: '+1 555 0199',
        address: '9 Elsewhere Road',
        businessType: 'Other',
        subscriptionPlan: 'growing',
        website: 'https://elsewhere.example.com',
        description: 'Not the first registration',
        language: 'es',
      },
      200,
    );
    const [growing] = await ctx.testDb.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    // The answer's checkout names the plan chosen now (in this page's language): paying there is what changes the plan.
    expect(again).toEqual({
      id: first.id,
      status: 'pending_payment',
      plan: { id: growing!.id, name: 'growing' },
      checkoutPath: `/es/checkout/growing?registration=${first.id}`,
      resumed: true,
    });
    const rows = await rowsOf('robin@example.com', 'Corner Books');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(before);
    expect(rows[0]).toMatchObject({
      ownerName: 'Robin Example',
      phone: '+1 555 0100',
      address: '1 Shelf Street',
      language: 'en',
    });
    // The e-mail again goes to the stored address with the stored details, in the stored language.
    const mails = (await mailsTo('robin@example.com')).filter(
      (m) => m.kind === 'client_checkout_link',
    );
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.body).toContain('Robin Example');
      expect(m.body).not.toContain('Mallory');
      expect(m.body).toContain(`/checkout/professional?registration=${first.id}`);
    }
  });

  it('e-mails one address at most 3 checkout links in 15 minutes, however often it registers, and changes nothing', async () => {
    const payload = { ...base, businessName: 'Twelve Tries Tea', email: 'twelve@example.com' };
    const first = await registered(payload, 201);
    const [before] = await rowsOf('twelve@example.com', 'Twelve Tries Tea');
    for (let i = 0; i < 11; i++) {
      const res = await post({
        ...payload,
        ownerName: `Try ${i}`,
        phone: `555-01${i}`,
        address: `${i} Road`,
        subscriptionPlan: i % 2 ? 'growing' : 'essential',
        language: i % 2 ? 'es' : 'en',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<BusinessRegistrationResult>().id).toBe(first.id);
    }
    expect(
      (await mailsTo('twelve@example.com')).filter((m) => m.kind === 'client_checkout_link'),
    ).toHaveLength(3);
    expect(await rowsOf('twelve@example.com', 'Twelve Tries Tea')).toEqual([before]);
    // Another business of the same address counts too: it is registered, with the team told, but the inbox is not flooded.
    const other = await registered({ ...payload, businessName: 'Another Tea' }, 201);
    expect(other.id).not.toBe(first.id);
    expect(
      (await mailsTo('TWELVE@example.com'.toLowerCase())).filter(
        (m) => m.kind === 'client_checkout_link',
      ),
    ).toHaveLength(3);
  });

  it('makes a new registration for another business or another e-mail', async () => {
    const first = await registered(
      { ...base, businessName: 'Harbor Cafe', email: 'kim@example.com' },
      201,
    );
    const otherBusiness = await registered(
      { ...base, businessName: 'Harbor Cafe 2', email: 'kim@example.com' },
      201,
    );
    const otherEmail = await registered(
      { ...base, businessName: 'Harbor Cafe', email: 'kim.other@example.com' },
      201,
    );
    expect(new Set([first.id, otherBusiness.id, otherEmail.id]).size).toBe(3);
    expect([otherBusiness.resumed, otherEmail.resumed]).toEqual([false, false]);
    expect(await rowsOf('kim@example.com', 'Harbor Cafe')).toHaveLength(1);
  });

  it('never reuses a paid registration: once its subscription is cancelled, registering again makes a new one', async () => {
    const payload = {
      ...base,
      businessName: 'Paid Pottery',
      email: 'lee@example.com',
      subscriptionPlan: 'growing',
    };
    const first = await registered(payload, 201);
    const [growing] = await ctx.testDb.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    const intent = await ctx.app.inject({
      method: 'POST',
      url: apiPath(createPaymentIntent),
      payload: { planId: growing!.id, registrationId: first.id },
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: apiPath(confirmTestCardPayment),
      payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    // While it pays, registering again gets the billing page's link instead (existing-client.test.ts).
    await ctx.testDb.database.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(subscriptions.registrationId, first.id));

    const second = await registered(payload, 201);
    expect(second).toMatchObject({ resumed: false, status: 'pending_payment' });
    expect(second.id).not.toBe(first.id);
    const rows = await rowsOf('lee@example.com', 'Paid Pottery');
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [first.id, 'active'],
        [second.id, 'pending_payment'],
      ].sort(),
    );
    // The new one is the one resumed from now on.
    expect((await registered(payload, 200)).id).toBe(second.id);
  });

  it('keeps one registration when the same one arrives 10 times at once', async () => {
    const payload = { ...base, businessName: 'Rush Hour Bikes', email: 'rush@example.com' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(payload)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((a) => a.json<BusinessRegistrationResult>().id));
    expect(ids.size).toBe(1);
    expect(await rowsOf('rush@example.com', 'Rush Hour Bikes')).toHaveLength(1);
    const mails = await mailsTo('rush@example.com');
    expect(mails.map((m) => m.kind)).toEqual([
      'client_checkout_link',
      'client_checkout_link',
      'client_checkout_link',
    ]);
    const notices = await ctx.testDb.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'team_new_registration'),
          sql`${outboxMessages.body} like ${`%Registration: ${[...ids][0]}%`}`,
        ),
      );
    expect(notices).toHaveLength(1);
  });

  it('e-mails the client the absolute checkout link (never on the request Host); a resumed registration sends only that e-mail again', async () => {
    const payload = {
      ...base,
      businessName: 'Link Laundry',
      email: 'sky@example.com',
      subscriptionPlan: 'growing',
    };
    const teamNotices = () =>
      ctx.testDb.database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.kind, 'team_new_registration'),
            sql`${outboxMessages.body} like ${'Link Laundry registered%'}`,
          ),
        );
    // A stranger's Host must not end up in an e-mail to a third party: PUBLIC_URL, else this server on localhost.
    const origin = `http://localhost:${ctx.config.port}`;
    const first = await registered(payload, 201, { host: 'agency.example:8080' });
    const [mail] = await mailsTo('sky@example.com');
    const [growing] = await ctx.testDb.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    const price = `$${(growing!.priceCents / 100).toFixed(2)}`;
    expect(mail).toMatchObject({
      kind: 'client_checkout_link',
      subject: 'Finish your Growing sign-up with Test Agency',
      status: 'pending',
    });
    expect(mail!.body).toContain(`${origin}/checkout/growing?registration=${first.id}`);
    expect(mail!.body).not.toContain('agency.example');
    expect(mail!.body).toContain('Link Laundry');
    expect(mail!.body).toContain(`${price} per ${growing!.billingCycle}`);
    expect(mail!.body).toContain('The link works on any device until you have paid.');
    expect(mail!.body).toContain('help@example.com');
    expect(await teamNotices()).toHaveLength(1);

    const again = await registered({ ...payload, subscriptionPlan: 'essential' }, 200, {
      host: 'agency.example:8080',
    });
    expect(again.id).toBe(first.id);
    expect(again.checkoutPath).toBe(`/checkout/essential?registration=${first.id}`);
    const mails = await mailsTo('sky@example.com');
    expect(mails).toHaveLength(2);
    // The e-mail says what the registration says (growing) until a payment on another plan's checkout changes it.
    expect(
      mails.every((m) => m.body.includes(`${origin}/checkout/growing?registration=${first.id}`)),
    ).toBe(true);
    expect(await teamNotices()).toHaveLength(1);
  });
});

describe('registration rate limit', () => {
  const ctx = appUnderTest('pglite', { role: null, registrationRateLimit: 2 });

  it('answers 429 with a clear message past the limit per address', async () => {
    const codes = [];
    // Each a new business (the same one again would resume the first: 200).
    const payload = (i: number) => ({ ...valid, email: `limit${i}@example.com` });
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: apiPath(submitBusinessRegistration),
            payload: payload(i),
          })
        ).statusCode,
      );
    expect(codes).toEqual([201, 201, 429]);
    const limited = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: payload(3),
    });
    expect(limited.json<{ message: string }>().message).toMatch(/Too many requests/);
    const other = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: payload(4),
      remoteAddress: '10.9.8.7',
    });
    expect(other.statusCode).toBe(201);
  });
});
