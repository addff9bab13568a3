import { expect, test } from '@playwright/test';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  registerAndPayViaApi,
  useAddress,
} from './helpers';

// Issue 28 §3, docs/decisions/032: a client who already pays registers again and is told so, in
// the page's language, with their billing page's link e-mailed (in their own language).
const ADDRESS = '10.134.0.1';
const stamp = Date.now().toString(36);
const email = `cliente-${stamp}@example.com`;

test.describe.serial('a paying client who registers again', () => {
  test.beforeAll(async ({ request }) => {
    await registerAndPayViaApi(request, {
      address: ADDRESS,
      plan: 'growing',
      businessName: `Taller Existente ${stamp}`,
      email,
      language: 'es',
    });
  });

  test('on /es: no checkout, the page says they have a plan, and the billing link is e-mailed', async ({
    page,
    browser,
  }) => {
    await useAddress(page, ADDRESS);
    let intents = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent')) intents++;
    });
    await page.goto('/es');
    const form = page.getByRole('form', { name: 'Registro del negocio' });
    await form.getByLabel('Nombre del negocio').fill('Segundo Taller');
    await form.getByLabel('Nombre del propietario').fill('Lucía Ejemplo');
    await form.getByLabel('Correo electrónico').fill(email.toUpperCase());
    await form.getByLabel('Tipo de negocio').selectOption({ label: 'Restaurante' });
    await form.getByLabel('Plan de suscripción').selectOption('essential');
    await page.getByRole('button', { name: 'Registrar negocio' }).click();

    const panel = page.getByRole('status').filter({ hasText: 'Ya tiene un plan con nosotros' });
    await expect(panel).toBeFocused();
    await expect(panel).toContainText(
      'Le enviamos a ese correo un enlace a su página de facturación',
    );
    await expect(
      panel.getByRole('link', { name: 'Ir a la página de facturación' }),
    ).toHaveAttribute('href', '/es/account');
    await expect(page).toHaveURL(/\/es\/?$/);
    expect(intents).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // The link reached the client's mailbox, to their billing page in Spanish.
    const link = await emailedLink(
      browser,
      ADDRESS,
      email,
      'client_billing_link',
      /https?:\/\/\S+\/es\/account\?token=[A-Za-z0-9_-]+/,
    );
    expect(link.pathname).toBe('/es/account');
  });

  test('on the English page, in the dark scheme, the same answer in English', async ({ page }) => {
    await useAddress(page, ADDRESS);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Business registration' });
    await form.getByLabel('Business Name').fill('Second Shop');
    await form.getByLabel('Owner Name').fill('Lucía Ejemplo');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Business Type').selectOption('Restaurant');
    await form.getByLabel('Subscription Plan').selectOption('growing');
    await page.getByRole('button', { name: 'Register Business' }).click();

    const panel = page.getByRole('status').filter({ hasText: 'You already have a plan with us' });
    await expect(panel).toBeFocused();
    await expect(panel).toContainText('We have e-mailed it a link to your billing page');
    await expect(panel.getByRole('link', { name: 'Go to the billing page' })).toHaveAttribute(
      'href',
      '/account',
    );
    await expect(page).toHaveURL(/\/$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('from the billing page, signed in, another business goes to its own checkout', async ({
    page,
    browser,
  }) => {
    await useAddress(page, ADDRESS);
    const link = await emailedLink(
      browser,
      ADDRESS,
      email,
      'client_billing_link',
      /https?:\/\/\S+\/es\/account\?token=[A-Za-z0-9_-]+/,
    );
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Abrir mi página de facturación' }).click();
    const add = page.getByRole('button', { name: 'Añadir otro negocio' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Añadir otro negocio' });
    // The business that already has its plan is refused, in Spanish, and nothing is lost.
    await dialog.getByLabel('Nombre del negocio').fill(`taller existente ${stamp}`);
    await dialog.getByLabel('Tipo de negocio').selectOption({ label: 'Restaurante' });
    await dialog.getByLabel('Plan de suscripción').selectOption('essential');
    await dialog.getByRole('button', { name: 'Registrar negocio' }).click();
    const problem = dialog.getByRole('alert');
    await expect(problem).toHaveText(
      `Taller Existente ${stamp} ya tiene un plan con nosotros. Elija otro negocio o cambie su plan aquí.`,
    );
    await expect(problem).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Nombre del negocio').fill(`Panadería Nueva ${stamp}`);
    await dialog.getByRole('button', { name: 'Registrar negocio' }).click();
    await expect(page).toHaveURL(/\/es\/checkout\/essential\?registration=[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Essential' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar $199.00' })).toBeVisible();
  });
});
