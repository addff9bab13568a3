import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '../src/contract/site/routes';
import { readCatalog } from '../src/server/locales';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  scrollToSupport,
  signIn,
  useAddress,
} from './helpers';

// Issue 28 §1: a Spanish-speaking client walks register → declined cards → pay → receipt →
// /es/account → every action, and no screen shows English from the English catalogs, whether the
// page or the server wrote it. Its own client addresses, so its requests spend no other spec's budget.
const ADDRESS = '10.89.0.1';
const OWNER_ADDRESS = '10.89.0.2';
const stamp = Date.now().toString(36);
const business = `Taller Recorrido ${stamp}`;
const email = `recorrido-${stamp}@example.com`;

/**
 * Every English sentence of the client's catalogs that Spanish says otherwise: the words between a
 * message's {placeholders} and <0>tags</0>, three words or more, that no Spanish message contains.
 * Not a list we remember: whatever the catalogs hold, so a new English message is checked too.
 */
const ENGLISH = (() => {
  const parts = [
    'site',
    'checkout',
    'account',
    'errors',
    'consultation',
    'onboarding',
    'project',
    'support',
  ];
  const spanish = parts.flatMap((part) => Object.values(readCatalog('es', part))).join('\n');
  const found = new Set<string>();
  for (const part of parts) {
    const en = readCatalog('en', part);
    const es = readCatalog('es', part);
    for (const [id, text] of Object.entries(en)) {
      if (es[id] === text) continue;
      // Placeholders may nest ({count, plural, one {# day} other {# days}}): cut at every brace.
      for (const piece of text.split(/[{}#]|<\/?\d+>/)) {
        const words = piece.trim();
        if (words.split(/\s+/).filter((w) => /[a-z]/i.test(w)).length < 3) continue;
        if (!spanish.includes(words)) found.add(words);
      }
    }
  }
  return [...found];
})();

/** Fails when the page shows any English sentence of the catalogs (toasts and dialogs included). */
async function expectOnlySpanish(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const text = await page.evaluate(() => document.body.innerText);
  expect(
    ENGLISH.filter((sentence) => text.includes(sentence)),
    `English on ${where}`,
  ).toEqual([]);
}

/** The registration form on /es, filled in for this spec's business and sent. */
async function register(page: Page) {
  const form = page.getByRole('form', { name: 'Registro del negocio' });
  await form.getByLabel('Nombre del negocio').fill(business);
  await form.getByLabel('Nombre del propietario').fill('Marta Recorrido');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Tipo de negocio').selectOption({ label: 'Automotriz' });
  await form.getByLabel('Plan de suscripción').selectOption('growing');
  await page.getByRole('button', { name: 'Registrar negocio' }).click();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByLabel('Vencimiento').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pagar $299.00' }).click();
}

async function saveCard(client: Page, card: string) {
  await client.getByRole('button', { name: 'Actualizar tarjeta' }).first().click();
  const dialog = client.getByRole('dialog', { name: 'Actualizar tarjeta' });
  await dialog.getByLabel('Número de tarjeta').fill(card);
  await dialog.getByLabel('Vencimiento').fill('10 / 36');
  await dialog.getByLabel('CVC').fill('456');
  await dialog.getByRole('button', { name: 'Guardar tarjeta' }).click();
  return dialog;
}

test('the catalog check knows the English it looks for', () => {
  expect(LOCALES).toContain('es');
  // A few sentences a client met in English before issue 28, now in the list by the catalogs alone.
  expect(ENGLISH).toEqual(
    expect.arrayContaining([
      'Your card was declined.',
      'Your card has insufficient funds.',
      'This registration is already paid and its subscription is active. There is nothing more to pay.',
    ]),
  );
  expect(ENGLISH.length).toBeGreaterThan(100);
});

test('a Spanish-speaking client meets no English from registering to every billing action', async ({
  page,
  browser,
}) => {
  // One long flow on a shared two-core machine: register, three payments, a month on the clock, five actions.
  test.setTimeout(180_000);
  await useAddress(page, ADDRESS);
  await page.goto('/es');
  await expectOnlySpanish(page, '/es');
  await register(page);
  await expect(page).toHaveURL(/\/es\/checkout\/growing\?registration=/);
  await expectOnlySpanish(page, 'checkout');

  // Declined by the bank: Stripe's decline codes, worded in Spanish inline and in the toast.
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Su tarjeta fue rechazada.').first()).toBeVisible();
  await expectOnlySpanish(page, 'checkout, card declined');
  await payWith(page, '4000 0000 0000 9995');
  await expect(page.getByText('Su tarjeta no tiene fondos suficientes.').first()).toBeVisible();
  await expectOnlySpanish(page, 'checkout, insufficient funds');
  await expectNoSeriousA11yViolations(page);

  await payWith(page, '4242 4242 4242 4242');
  await expect(
    page.getByRole('heading', { name: '¡Le damos la bienvenida a Test Agency!' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: `Recibo de ${business}` })).toBeVisible();
  await expectOnlySpanish(page, 'payment success and receipt');

  // Back to the checkout link of a paid registration: the server's 409, in Spanish.
  await page.goBack();
  await expect(page).toHaveURL(/\/es\/checkout\/growing\?registration=/);
  await expect(
    page.getByText('Este registro ya está pagado y su suscripción está activa.', { exact: false }),
  ).toBeVisible();
  await expectOnlySpanish(page, 'checkout of a paid registration');

  // Registering again: no second checkout, the billing link is e-mailed.
  await page.goto('/es');
  await register(page);
  await expect(page.getByRole('heading', { name: 'Ya tiene un plan con nosotros' })).toBeVisible();
  await expectOnlySpanish(page, 'registering again');

  // The billing page, from the e-mailed link.
  const link = await emailedLink(
    browser,
    OWNER_ADDRESS,
    email,
    'client_billing_link',
    /https?:\/\/\S+\/es\/account\?token=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext();
  const client = await context.newPage();
  await useAddress(client, ADDRESS);
  await client.goto(link.pathname + link.search);
  await expectOnlySpanish(client, 'the sign-in link page');
  await client.getByRole('button', { name: 'Abrir mi página de facturación' }).click();
  await expect(client.getByRole('heading', { name: business })).toBeVisible();
  await expectOnlySpanish(client, '/es/account');
  // 'Get help' (issue 30), loaded as it comes near, and its dialog.
  await scrollToSupport(client);
  await client.getByRole('button', { name: 'Pedir ayuda' }).click();
  await expect(client.getByRole('dialog', { name: 'Pedir ayuda' })).toBeVisible();
  await expectOnlySpanish(client, "the 'Get help' dialog");
  await client.keyboard.press('Escape');

  // The receipt at its own address.
  const invoices = client.getByRole('region', { name: 'Facturas' });
  await invoices
    .getByRole('link', { name: /^Recibo INV-\d+$/ })
    .first()
    .click();
  await expect(client).toHaveURL(/\/es\/account\/invoices\/INV-\d+$/);
  await expect(client.getByRole('heading', { level: 1, name: /^Recibo INV-\d+$/ })).toBeVisible();
  await expectOnlySpanish(client, 'an invoice page');
  await client.getByRole('link', { name: 'Volver a la facturación' }).click();

  // A card the bank refuses to save: the server's field error, in Spanish, beside the field.
  let dialog = await saveCard(client, '4000 0000 0000 0002');
  await expect(dialog.getByText('Su tarjeta fue rechazada.').first()).toBeVisible();
  await expectOnlySpanish(client, 'update card, declined');
  await client.keyboard.press('Escape');

  // The card that fails when charged: an upgrade is declined, and the dialog says what to do next.
  dialog = await saveCard(client, '4000 0000 0000 0341');
  await expect(dialog).toBeHidden();
  await client.getByRole('button', { name: 'Cambiar de plan' }).click();
  dialog = client.getByRole('dialog', { name: 'Cambiar de plan' });
  await dialog.getByRole('radio', { name: /^Professional/ }).check();
  await expect(dialog.getByTestId('proration-lines')).toContainText('A pagar ahora');
  await expectOnlySpanish(client, 'change plan, the upgrade priced');
  await dialog.getByRole('button', { name: 'Cambiar de plan' }).click();
  await expect(dialog.getByText('Su tarjeta fue rechazada.').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Actualizar tarjeta' })).toBeVisible();
  await expectOnlySpanish(client, 'change plan, declined');
  await client.keyboard.press('Escape');

  // A month later the renewal fails too: past due, the decline in Spanish.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await useAddress(owner, OWNER_ADDRESS);
  await signIn(owner);
  const headers = { 'x-forwarded-for': OWNER_ADDRESS };
  try {
    const advanced = await owner.request.post('/api/billing/clock/advance', {
      headers,
      data: { days: 31 },
    });
    expect(advanced.status()).toBe(200);
    await client.reload();
    const alert = client.getByRole('alert').filter({ hasText: 'Su último pago no se realizó.' });
    await expect(alert).toContainText('Su tarjeta fue rechazada.');
    await expect(client.getByText('Pago vencido', { exact: true })).toBeVisible();
    await expect(
      invoices.getByTestId('invoice').filter({ hasText: 'Fallida' }).first(),
    ).toContainText('Pagar ahora');
    await expectOnlySpanish(client, 'past due');
    await expectNoSeriousA11yViolations(client);

    // Pay now with a good card: the page says what it charged.
    await invoices
      .getByRole('button', { name: /^Pagar ahora INV-\d+$/ })
      .first()
      .click();
    dialog = client.getByRole('dialog', { name: 'Pagar ahora' });
    await dialog.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Vencimiento').fill('10 / 36');
    await dialog.getByLabel('CVC').fill('456');
    await dialog.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      client.getByText(/Cobramos \$\d+\.\d{2} por la factura INV-\d+\./).first(),
    ).toBeVisible();
    await expect(client.getByText('Activa', { exact: true })).toBeVisible();
    await expectOnlySpanish(client, 'paid again');

    // The upgrade, now that the card pays.
    await client.getByRole('button', { name: 'Cambiar de plan' }).click();
    dialog = client.getByRole('dialog', { name: 'Cambiar de plan' });
    await dialog.getByRole('radio', { name: /^Professional/ }).check();
    await expect(dialog.getByTestId('proration-lines')).toContainText('A pagar ahora');
    await dialog.getByRole('button', { name: 'Cambiar de plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(client.getByRole('heading', { name: 'Plan Professional' })).toBeVisible();
    await expectOnlySpanish(client, 'upgraded');
  } finally {
    // The e2e server is shared by every spec: put the billing clock back.
    await owner.request.post('/api/billing/clock/reset', { headers });
    await ownerContext.close();
  }

  // Cancel with a reason, then resume.
  await client.getByRole('button', { name: 'Cancelar suscripción' }).click();
  dialog = client.getByRole('dialog', { name: 'Cancelar suscripción' });
  await dialog.getByLabel('¿Por qué se va? (opcional)').fill('Probamos por nuestra cuenta');
  await expectOnlySpanish(client, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByRole('button', { name: 'Reanudar suscripción' })).toBeVisible();
  await expectOnlySpanish(client, 'cancelled at period end');
  await client.getByRole('button', { name: 'Reanudar suscripción' }).click();
  dialog = client.getByRole('dialog', { name: 'Reanudar suscripción' });
  await expectOnlySpanish(client, 'resume dialog');
  await dialog.getByRole('button', { name: 'Reanudar suscripción' }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByText('Activa', { exact: true })).toBeVisible();

  // Signed out, the spent link: the server's 400, in Spanish.
  await client.getByRole('button', { name: 'Cerrar sesión' }).click();
  await client.goto(link.pathname + link.search);
  await client.getByRole('button', { name: 'Abrir mi página de facturación' }).click();
  await expect(client.getByRole('alert')).toContainText(
    'Este enlace de acceso ya venció o ya se usó. Pida uno nuevo aquí abajo.',
  );
  await expectOnlySpanish(client, 'a spent sign-in link');
  await context.close();
});
