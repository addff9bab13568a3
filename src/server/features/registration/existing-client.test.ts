import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  submitBusinessRegistration,
  type BusinessRegistrationResult,
  type RegistrationAnswer,
} from '../../../contract/registration/registration.js';
import { businessRegistrations, outboxMessages, subscriptions } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { paidRegistration } from '../../test/billing.js';

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
