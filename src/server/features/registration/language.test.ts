import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  cancelAccountSubscription,
  redeemBillingLink,
  requestBillingLink,
} from '../../../contract/billing/billing.js';
import {
  confirmTestCardPayment,
  createPaymentIntent,
} from '../../../contract/payments/checkout.js';
import { submitBusinessRegistration } from '../../../contract/registration/registration.js';
import { businessRegistrations, outboxMessages, subscriptionPlans } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
let addressCount = 0;
const freshAddress = () => `10.89.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

describe.each(TEST_DATABASES)("the client's language on %s", (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  const db = () => ctx.testDb.database.db;

  const register = (email: string, extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: {
        businessName: `Tienda ${email}`,
        ownerName: 'Lucía Ejemplo',
        email,
        businessType: 'Retail Store',
        subscriptionPlan: 'growing',
        ...extra,
      },
      remoteAddress: freshAddress(),
    });
  const rowOf = async (id: string) =>
    (await db().select().from(businessRegistrations).where(eq(businessRegistrations.id, id)))[0]!;
  const mailsTo = async (email: string, kind: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.to, email)))
      .filter((m) => m.kind === kind)
      .sort((a, b) => +b.createdAt - +a.createdAt);

  async function pay(registrationId: string) {
    const [growing] = await db()
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    const intent = await ctx.app.inject({
      method: 'POST',
      url: apiPath(createPaymentIntent),
      payload: { planId: growing!.id, registrationId },
      remoteAddress: freshAddress(),
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: apiPath(confirmTestCardPayment),
      payload: { clientSecret, ...card },
      remoteAddress: freshAddress(),
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
  }

  it('stores the language (English when none is given) and refuses one the site does not speak', async () => {
    const english = await register('en@example.com');
    expect(english.statusCode).toBe(201);
    expect((await rowOf(english.json<{ id: string }>().id)).language).toBe('en');

    const spanish = await register('es@example.com', { language: 'es' });
    expect(spanish.statusCode).toBe(201);
    const { id, checkoutPath } = spanish.json<{ id: string; checkoutPath: string }>();
    expect((await rowOf(id)).language).toBe('es');
    expect(checkoutPath).toBe(`/es/checkout/growing?registration=${id}`);

    const french = await register('fr@example.com', { language: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({
      message: expect.stringContaining('Language'),
      issues: [{ field: 'language' }],
    });
  });

  it('defaults rows written without a language (as before migration 0010) to English', async () => {
    const [plan] = await db().select().from(subscriptionPlans).limit(1);
    const [row] = await db()
      .insert(businessRegistrations)
      .values({
        businessName: 'Old Row',
        ownerName: 'O',
        email: 'old@example.com',
        businessType: 'Other',
        planId: plan!.id,
      })
      .returning();
    expect(row!.language).toBe('en');
    const column = await db().execute(
      sql`select column_default, is_nullable from information_schema.columns where table_name = 'business_registrations' and column_name = 'language'`,
    );
    expect((column as { rows: unknown[] }).rows[0]).toMatchObject({
      column_default: "'en'::text",
      is_nullable: 'NO',
    });
  });

  it('e-mails a Spanish client the checkout link in Spanish, to the Spanish checkout; registering again from English keeps Spanish', async () => {
    const email = 'lucia@example.com';
    const { id } = (await register(email, { language: 'es' })).json<{ id: string }>();
    const [mail] = await mailsTo(email, 'client_checkout_link');
    expect(mail!.subject).toBe('Complete su registro en el plan Growing con Test Agency');
    expect(mail!.body).toContain('Hola, Lucía Ejemplo:');
    expect(mail!.body).toContain(
      'Para completar su registro en el plan Growing ($299.00 por mes), pague aquí:',
    );
    expect(mail!.body).toMatch(
      new RegExp(`^http://localhost:\\d+/es/checkout/growing\\?registration=${id}$`, 'm'),
    );
    expect(mail!.body).toContain(
      'El enlace funciona en cualquier dispositivo hasta que haya pagado.',
    );
    // The team's notice stays English.
    const [notice] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'team_new_registration'));
    expect(notice!.body).toContain('registered for the Growing plan');

    // Registering again from the English page keeps what the first registration said: Spanish e-mails.
    const again = await register(email, { language: 'en' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id,
      checkoutPath: `/checkout/growing?registration=${id}`,
    });
    expect((await rowOf(id)).language).toBe('es');
    const [newest] = await mailsTo(email, 'client_checkout_link');
    expect(newest!.subject).toBe('Complete su registro en el plan Growing con Test Agency');
  });

  it("sends a Spanish client's receipt, billing sign-in link and billing e-mails in Spanish, with links to /es/account", async () => {
    const email = 'pago@example.com';
    const { id } = (await register(email, { language: 'es' })).json<{ id: string }>();
    await pay(id);
    const [receipt] = await mailsTo(email, 'client_receipt');
    expect(receipt!.subject).toBe('Su recibo de Test Agency');
    expect(receipt!.body).toContain(
      `Gracias por su compra. Su suscripción al plan Growing para Tienda ${email} ya está activa.`,
    );
    expect(receipt!.body).toContain('Monto pagado: $299.00 (Growing, facturado por mes)');
    expect(receipt!.body).toContain('Tarjeta: visa terminada en 4242');
    expect(receipt!.body).toMatch(/^Fecha: \d{1,2} de [a-z]+ de \d{4}$/m);
    expect(receipt!.body).toMatch(
      /^A partir del \d{1,2} de [a-z]+ de \d{4}, el precio es de \$325\.00 por mes\.$/m,
    );

    // The link is asked for in whatever language; it is written in the client's.
    const asked = await ctx.app.inject({
      method: 'POST',
      url: apiPath(requestBillingLink),
      payload: { email },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    // Written just after the answer (so that its time says nothing about the address).
    const link = await vi.waitFor(
      async () =>
        (await mailsTo(email, 'client_billing_link'))[0] ??
        Promise.reject(new Error('no link yet')),
    );
    expect(link.subject).toBe('Su enlace de acceso a Test Agency');
    expect(link.body).toContain('El enlace funciona una sola vez, durante 15 minutos.');
    const token = /^http:\/\/localhost:\d+\/es\/account\?token=([A-Za-z0-9_-]+)$/m.exec(
      link.secretText!,
    )![1]!;

    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: apiPath(redeemBillingLink),
      payload: { token },
      remoteAddress: freshAddress(),
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: apiPath(cancelAccountSubscription),
      headers: { cookie },
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const [change] = await mailsTo(email, 'client_billing_change');
    expect(change!.subject).toBe('Su cancelación está programada');
    expect(change!.body).toMatch(
      /Usted canceló su plan Growing\. Seguirá funcionando hasta el \d{1,2} de [a-z]+ de \d{4} y no se renovará/,
    );
    expect(change!.body).toMatch(
      /^Su página de facturación: http:\/\/localhost:\d+\/es\/account$/m,
    );
    expect(change!.html).toContain('>Abrir su página de facturación</a>');
  });

  it('keeps an English client’s e-mails English, with links to /account', async () => {
    const email = 'english@example.com';
    const { id } = (await register(email)).json<{ id: string }>();
    await pay(id);
    const [receipt] = await mailsTo(email, 'client_receipt');
    expect(receipt!.subject).toBe('Your receipt from Test Agency');
    expect(receipt!.body).toContain('Card: visa ending in 4242');
    expect(receipt!.body).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    await ctx.app.inject({
      method: 'POST',
      url: apiPath(requestBillingLink),
      payload: { email },
      remoteAddress: freshAddress(),
    });
    const link = await vi.waitFor(
      async () =>
        (await mailsTo(email, 'client_billing_link'))[0] ??
        Promise.reject(new Error('no link yet')),
    );
    expect(link.body).toContain(
      'The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail.',
    );
    expect(link.body).toMatch(/^http:\/\/localhost:\d+\/account\?token=/m);
  });
});
