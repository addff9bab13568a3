import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  registerAnotherBusiness,
  submitBusinessRegistration,
  type BusinessRegistrationResult,
  type RegistrationAnswer,
} from '../../../contract/registration/registration.js';
import { businessRegistrations, outboxMessages, subscriptions } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';

// Issue 28 §3, docs/decisions/032: a client who already pays, registering again, gets their
// billing page's link instead of a second checkout; once cancelled they register as anyone does.
describe.each(TEST_DATABASES)('registering with a paying client’s e-mail on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  const db = () => ctx.testDb.database.db;

  const post = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: apiPath(submitBusinessRegistration), payload });

  /** Registers and pays with the test card: a client with an active subscription. */
  const payingClient = async (email: string, businessName: string, language: 'en' | 'es') =>
    (await paidRegistration(ctx, 'growing', email, { businessName, language })).registrationId;

  const counts = async (email: string) => {
    const mine = sql`lower(${businessRegistrations.email}) = lower(${email})`;
    return {
      registrations: await db().$count(businessRegistrations, mine),
      subscriptions: (
        await db()
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .innerJoin(
            businessRegistrations,
            eq(businessRegistrations.id, subscriptions.registrationId),
          )
          .where(mine)
      ).length,
    };
  };
  const mailsTo = (email: string, kindOfMail: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(
        sql`lower(${outboxMessages.to}) = lower(${email}) and ${outboxMessages.kind} = ${kindOfMail}`,
      );

  it('answers existing-client, registers nothing, and e-mails one billing link in the client’s language', async () => {
    const email = 'dana.paying@example.com';
    await payingClient(email, 'Dana Drywall', 'es');
    const before = await counts(email);
    expect(before).toEqual({ registrations: 1, subscriptions: 1 });
    const checkoutMails = (await mailsTo(email, 'client_checkout_link')).length;

    // Another business, the address as a person might type it, on the English page.
    const res = await post({
      businessName: 'Dana Second Shop',
      ownerName: 'Dana Client',
      email: '  Dana.Paying@Example.COM ',
      businessType: 'Retail Store',
      subscriptionPlan: 'essential',
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RegistrationAnswer>()).toEqual({ kind: 'existing-client' });

    expect(await counts(email)).toEqual(before);
    expect(await mailsTo(email, 'client_checkout_link')).toHaveLength(checkoutMails);
    const links = await mailsTo(email, 'client_billing_link');
    expect(links).toHaveLength(1);
    // The client's language (Spanish, from the first registration), to the stored address, to /es/account.
    expect(links[0]!.to).toBe(email);
    expect(links[0]!.subject).toBe('Su enlace de acceso a Test Agency');
    expect(links[0]!.body).toContain('Dana Drywall');
    expect(links[0]!.body).toMatch(
      new RegExp(`http://localhost:${ctx.config.port}/es/account\\?token=`),
    );
  });

  it('stays existing-client past the link limit and while past due, without more e-mails than the limit', async () => {
    const email = 'pat.pastdue@example.com';
    await payingClient(email, 'Pat Plumbing', 'en');
    await db()
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(
        sql`${subscriptions.registrationId} in (select id from business_registrations where email = ${email})`,
      );
    const payload = {
      businessName: 'Pat Plumbing',
      ownerName: 'Pat',
      email,
      businessType: 'Construction',
      subscriptionPlan: 'growing',
    };
    for (let i = 0; i < 5; i++) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RegistrationAnswer>()).toEqual({ kind: 'existing-client' });
    }
    // The sign-in form's rule: 3 links per address per 15 minutes (account/service.ts).
    expect(await mailsTo(email, 'client_billing_link')).toHaveLength(3);
    expect(await counts(email)).toEqual({ registrations: 1, subscriptions: 1 });
  });

  it('lets a client whose subscription was cancelled register again, to a new checkout', async () => {
    const email = 'casey.cancelled@example.com';
    const first = await payingClient(email, 'Casey Cakes', 'en');
    await db()
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(subscriptions.registrationId, first));
    const res = await post({
      businessName: 'Casey Cakes',
      ownerName: 'Casey',
      email,
      businessType: 'Retail Store',
      subscriptionPlan: 'growing',
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json<BusinessRegistrationResult>();
    expect(again).toMatchObject({ status: 'pending_payment', resumed: false });
    expect(again.id).not.toBe(first);
    expect(again.checkoutPath).toBe(`/checkout/growing?registration=${again.id}`);
    expect(await mailsTo(email, 'client_billing_link')).toHaveLength(0);
    expect(await counts(email)).toEqual({ registrations: 2, subscriptions: 1 });
  });
});

// Issue 28 §3: the one way a paying client's address registers again is from the billing page,
// signed in; the owner is the session's, never the form's.
describe.each(TEST_DATABASES)('another business from the billing page on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  const db = () => ctx.testDb.database.db;
  const another = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(registerAnotherBusiness),
      payload,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const shop = {
    businessName: 'Robin Second Shop',
    businessType: 'Retail Store',
    subscriptionPlan: 'essential',
    website: 'robinshop.example',
  };

  it('registers it for the session’s owner, to a new checkout, in the owner’s language', async () => {
    const email = 'robin.owner@example.com';
    const first = (
      await paidRegistration(ctx, 'growing', email, {
        businessName: 'Robin Roofing',
        language: 'es',
      })
    ).registrationId;
    const cookie = await accountCookie(ctx, email);
    // The form cannot name another owner: fields of the owner are not part of this input.
    const ok = await another(
      { ...shop, ownerName: 'Mallory', email: 'mallory@example.com' },
      cookie,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const result = ok.json<BusinessRegistrationResult>();
    expect(result).toMatchObject({
      status: 'pending_payment',
      resumed: false,
      plan: { name: 'essential' },
    });
    expect(result.id).not.toBe(first);
    expect(result.checkoutPath).toBe(`/es/checkout/essential?registration=${result.id}`);
    const [row] = await db()
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, result.id));
    expect(row).toMatchObject({
      businessName: 'Robin Second Shop',
      email,
      ownerName: 'Sam Example',
      language: 'es',
      website: 'https://robinshop.example',
      status: 'pending_payment',
    });
    const checkoutMails = await db()
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.to} = ${email} and ${outboxMessages.kind} = 'client_checkout_link'`,
      );
    expect(checkoutMails.some((m) => m.body.includes('Robin Second Shop'))).toBe(true);
    // Clicking twice resumes the same registration rather than making a second one.
    const twice = await another(shop, cookie);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json<BusinessRegistrationResult>()).toMatchObject({
      id: result.id,
      resumed: true,
    });
  });

  it('refuses a business of this owner that already has a plan (409), and a visitor (401)', async () => {
    const email = 'sam.owner@example.com';
    await paidRegistration(ctx, 'growing', email, { businessName: 'Sam Salon', language: 'en' });
    const cookie = await accountCookie(ctx, email);
    const before = await db().$count(businessRegistrations);
    const same = await another({ ...shop, businessName: '  sam   SALON ' }, cookie);
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'business_has_plan',
      params: { business: 'Sam Salon' },
      message:
        'Sam Salon already has a plan with us. Choose another business, or change its plan here.',
    });
    const visitor = await another(shop);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'billing_signed_out' });
    const forged = await another(shop, 'agency.account=not-a-session');
    expect(forged.statusCode).toBe(401);
    const blank = await another({ ...shop, businessName: '  ' }, cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues?.[0]).toMatchObject({ field: 'businessName' });
    expect(await db().$count(businessRegistrations)).toBe(before);
  });
});

describe('probing addresses by registering', () => {
  const ctx = appUnderTest('pglite', {
    role: null,
    registrationRateLimit: 2,
    paymentRateLimit: 1000,
  });

  it('meets the registration limit per address like any registration: 429 after 2 a minute', async () => {
    const post = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(submitBusinessRegistration),
        payload: {
          businessName: 'Probe Target',
          ownerName: 'Quinn',
          email,
          businessType: 'Other',
          subscriptionPlan: 'growing',
        },
      });
    // A paying client, set up from another address (the limit counts per client address).
    await paidRegistration(ctx, 'growing', 'quinn@example.com', {
      businessName: 'Probe Target',
      remoteAddress: '10.9.8.7',
    });

    const answers = [];
    for (const email of ['quinn@example.com', 'nobody@example.com', 'quinn@example.com'])
      answers.push(await post(email));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 201, 429]);
    expect(answers[0]!.json()).toEqual({ kind: 'existing-client' });
    expect(answers[2]!.json<{ message: string }>().message).toMatch(/Too many requests/);
  });
});
