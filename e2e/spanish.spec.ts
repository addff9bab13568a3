import { expect, test, type Page } from '@playwright/test';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  outboxMails,
  signIn,
  useAddress,
} from './helpers';

// Its own client addresses (the e2e server trusts X-Forwarded-For), so the registrations and the
// sign-ins here do not spend the per-address budgets of the other specs.
const ADDRESS = '10.88.0.1';
const OWNER_ADDRESS = '10.88.0.2';
const stamp = Date.now().toString(36);
const business = `Panadería Ejemplo ${stamp}`;
const email = `panaderia-${stamp}@example.com`;

/** The page's `<link rel="alternate" hreflang>`: hreflang → path. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          [el.getAttribute('hreflang')!, new URL((el as HTMLLinkElement).href).pathname] as const,
      ),
    );
  return Object.fromEntries(links);
}

test('/es is the landing page in Spanish, with lang="es", alternates both ways and the switch', async ({
  page,
}) => {
  const response = await page.goto('/es');
  expect(response!.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(
    'Test Agency — Sitios web y marketing para pequeños negocios, de una empresa de veteranos',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Su negocio en internet, atendido con precisión militar.',
  );
  await expect(page.getByRole('heading', { name: 'Elija su plan' })).toBeVisible();
  const professional = page.getByRole('group', { name: 'Professional' });
  await expect(professional.getByText('El más popular')).toBeVisible();
  await expect(professional.getByText('$449', { exact: true })).toBeVisible();
  await expect(professional.getByText('/mes', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Essential' })
      .getByText('$199/mes durante 12 meses, después $425/mes'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comience hoy' })).toBeVisible();
  await expect(
    page
      .getByLabel('Plan de suscripción')
      .locator('option', { hasText: 'Professional - $449.00/mes' }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('heading', { name: 'Sitios web de nuestros clientes' }),
  ).toBeVisible();
  expect(await alternates(page)).toEqual({ en: '/', es: '/es', 'x-default': '/' });
  await expectNoSeriousA11yViolations(page);

  // The switch keeps the page: to English and back.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  expect(await alternates(page)).toEqual({ en: '/', es: '/es', 'x-default': '/' });
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.getByRole('heading', { name: 'Elija su plan' })).toBeVisible();
});

test('the Spanish landing page has no serious accessibility violations at 360 px or in dark mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/es');
  await expect(
    page.getByRole('heading', { name: 'Sitios web de nuestros clientes' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
});

test('an incomplete Spanish form says so in Spanish and sends nothing', async ({ page }) => {
  let sent = false;
  await page.route('**/api/business-registration', (route) => ((sent = true), route.continue()));
  await page.goto('/es');
  await page.getByRole('button', { name: 'Registrar negocio' }).click();
  const summary = page
    .getByRole('alert')
    .filter({ hasText: 'Complete todos los campos obligatorios' });
  await expect(summary).toBeFocused();
  await expect(
    page
      .getByRole('form', { name: 'Registro del negocio' })
      .locator('[id$="-error"]')
      .filter({ hasText: /^El campo .+ es obligatorio$/ }),
  ).toHaveCount(5);
  expect(sent).toBe(false);
});

test('checkout, the 404 page and the billing page are in Spanish under /es, and the switch keeps each page', async ({
  page,
}) => {
  // Checkout, with its query kept by the switch.
  await page.goto('/es/checkout/growing?ref=spec');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Growing' })).toBeVisible();
  await expect(page.getByText('Negocio propiedad de veteranos')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resumen del pedido' })).toBeVisible();
  await expect(page.getByText('cada mes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'registre su negocio' })).toHaveAttribute(
    'href',
    '/es#register',
  );
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es');
  await expect(page).toHaveTitle('Pago: plan Growing · Test Agency');
  expect(await alternates(page)).toEqual({
    en: '/checkout/growing',
    es: '/es/checkout/growing',
    'x-default': '/checkout/growing',
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/:\d+\/checkout\/growing\?ref=spec$/);
  await expect(page.getByText('Veteran owned Business')).toBeVisible();
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/checkout\/growing\?ref=spec$/);
  await expect(page.getByText('Negocio propiedad de veteranos')).toBeVisible();

  // An unknown plan says so in Spanish.
  await page.goto('/es/checkout/platinum');
  await expect(page.getByRole('heading', { name: 'Plan no encontrado' })).toBeVisible();

  // The 404 page: a 404 status, in Spanish, without alternates, with the switch.
  const missing = await page.goto('/es/no-existe');
  expect(missing!.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: '404: Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es');
  expect(await alternates(page)).toEqual({});
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/:\d+\/no-existe$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  // The admin area has no Spanish pages.
  expect((await page.goto('/es/admin'))!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404: Página no encontrada' })).toBeVisible();

  // The billing page.
  await page.goto('/es/account');
  await expect(page.getByRole('heading', { name: 'Su facturación' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await page.getByRole('button', { name: 'Envíenme un enlace de acceso' }).click();
  await expect(
    page.getByText('Ingrese el correo electrónico con el que se registró.'),
  ).toBeVisible();
  expect(await alternates(page)).toEqual({
    en: '/account',
    es: '/es/account',
    'x-default': '/account',
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/:\d+\/account$/);
  await expect(page.getByRole('heading', { name: 'Your billing' })).toBeVisible();
});

test.describe.serial('a client who registers on /es', () => {
  let registrationId = '';

  test('registers, pays and reads the confirmation and receipt in Spanish', async ({ page }) => {
    await useAddress(page, ADDRESS);
    await page.goto('/es');
    const form = page.getByRole('form', { name: 'Registro del negocio' });
    await form.getByLabel('Nombre del negocio').fill(business);
    await form.getByLabel('Nombre del propietario').fill('Lucía Ejemplo');
    await form.getByLabel('Correo electrónico').fill(email);
    await form.getByLabel('Tipo de negocio').selectOption({ label: 'Restaurante' });
    await form.getByLabel('Plan de suscripción').selectOption('growing');
    await page.getByRole('button', { name: 'Registrar negocio' }).click();

    await expect(page).toHaveURL(/\/es\/checkout\/growing\?registration=[0-9a-f-]{36}$/);
    registrationId = new URL(page.url()).searchParams.get('registration')!;
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('navigation', { name: 'Su progreso' }).locator('[aria-current="step"]'),
    ).toContainText('Pago');
    await expect(page.getByTestId('checkout-link')).toHaveAttribute(
      'href',
      `/es/checkout/growing?registration=${registrationId}`,
    );
    await expect(page.getByText('Modo de prueba: no se cobra dinero real')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A declined card: the page's own words in Spanish.
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4241');
    await page.getByLabel('Vencimiento').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pagar $299.00' }).click();
    await expect(page.locator('#cardNumber-error')).toHaveText(
      'El número de su tarjeta está incompleto o no es válido.',
    );
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar $299.00' }).click();

    await expect(page).toHaveURL(/\/es\/payment-success\?/);
    await expect(
      page.getByRole('heading', { name: '¡Le damos la bienvenida a Test Agency!' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Su progreso' }).locator('[aria-current="step"]'),
    ).toContainText('Listo');
    const receipt = page.getByRole('region', { name: `Recibo de ${business}` });
    await expect(receipt).toContainText('Growing (facturado por mes)');
    await expect(receipt).toContainText('Monto pagado$299.00');
    await expect(receipt).toContainText('Visa terminada en 4242');
    await expect(receipt).toContainText(/Próximo cargo\$299\.00 el \d{1,2} de [a-z]+ de \d{4}/);
    await expect(receipt).toContainText(
      /A partir del \d{1,2} de [a-z]+ de \d{4}, el plan cuesta \$325\.00 por mes\./,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('gets every e-mail in Spanish, and the e-mailed sign-in link opens the Spanish billing page', async ({
    page,
    browser,
  }) => {
    // Two sign-ins and three browsers on a shared two-core machine.
    test.slow();
    await useAddress(page, ADDRESS);
    // The billing page's sign-in link, asked for on the English page: the e-mail is still Spanish.
    await page.goto('/account');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If that address has a subscription with us' }),
    ).toBeVisible();

    // What the client received, as the team reads it in the outbox.
    const context = await browser.newContext();
    const owner = await context.newPage();
    await useAddress(owner, OWNER_ADDRESS);
    await signIn(owner);
    const [checkoutMail] = await outboxMails(owner, email, 'client_checkout_link');
    expect(checkoutMail!.text).toContain('Hola, Lucía Ejemplo:');
    expect(checkoutMail!.text).toContain(`Gracias por registrar ${business} con Test Agency.`);
    expect(checkoutMail!.text).toContain(
      'Para completar su registro en el plan Growing ($299.00 por mes), pague aquí:',
    );
    expect(checkoutMail!.text).toMatch(
      new RegExp(`https?://\\S+/es/checkout/growing\\?registration=${registrationId}`),
    );
    const [receiptMail] = await outboxMails(owner, email, 'client_receipt');
    expect(receiptMail!.text).toContain(
      `Gracias por su compra. Su suscripción al plan Growing para ${business} ya está activa.`,
    );
    expect(receiptMail!.text).toContain('Monto pagado: $299.00 (Growing, facturado por mes)');
    expect(receiptMail!.text).toContain('Tarjeta: visa terminada en 4242');
    expect(receiptMail!.text).toMatch(/Fecha: \d{1,2} de [a-z]+ de \d{4}/);
    expect(receiptMail!.text).toMatch(
      /A partir del \d{1,2} de [a-z]+ de \d{4}, el precio es de \$325\.00 por mes\./,
    );
    const [linkMail] = await outboxMails(owner, email, 'client_billing_link');
    expect(linkMail!.text).toContain('Aquí tiene su enlace a la página de facturación');
    await context.close();

    // The e-mailed link opens the Spanish billing page.
    const link = await emailedLink(
      browser,
      OWNER_ADDRESS,
      email,
      'client_billing_link',
      /https?:\/\/\S+\/es\/account\?token=[A-Za-z0-9_-]+/,
    );
    const client = await (await browser.newContext()).newPage();
    await useAddress(client, ADDRESS);
    await client.goto(link.pathname + link.search);
    await client.getByRole('button', { name: 'Abrir mi página de facturación' }).click();
    await expect(client.getByRole('heading', { name: business })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Plan Growing' })).toBeVisible();
    await expect(client.getByText('Activa', { exact: true })).toBeVisible();
    await expect(
      client.getByText(
        /Precio de introducción hasta el \d{1,2} de [a-z]+ de \d{4}; después, \$325\.00 por mes/,
      ),
    ).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Facturas' })).toBeVisible();
    await expectNoSeriousA11yViolations(client);
    await client.getByRole('button', { name: 'Cancelar suscripción' }).click();
    const dialog = client.getByRole('dialog', { name: 'Cancelar suscripción' });
    await expect(dialog).toContainText(/Su suscripción termina el \d{1,2} de [a-z]+ de \d{4}/);
    await expectNoSeriousA11yViolations(client);
    await dialog.getByRole('button', { name: 'Conservar suscripción' }).click();
    await expect(client.getByRole('button', { name: 'Cancelar suscripción' })).toBeFocused();
    await client.context().close();
  });
});
