import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillRequiredRegistration } from './helpers';

// Issue 28 §5: forms that accept what people type, with GOV.UK's error summary, in both languages.

/** Axe in the light and the dark colour scheme, the page left light. */
async function axeBothSchemes(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).locator('li');

test('the registration form lists its problems at the top, each link focusing its field; no toast, nothing sent', async ({
  page,
}) => {
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/business-registration')) posts++;
  });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Business registration' });
  await form.getByLabel('Business Name').fill('Oak Grove Pipe Pros');
  await form.getByLabel('Email').fill('pat@');
  await form.getByLabel('Website', { exact: true }).fill('alamo plumbing');
  await page.getByRole('button', { name: 'Register Business' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Owner Name is required',
    'Enter an email address in the correct format, like name@example.com',
    'Business Type is required',
    'Subscription Plan is required',
    'Enter a website address in the correct format, like alamoplumbing.com',
  ]);
  // Each message once beside its field (the summary links to it), never in a toast.
  await expect(form.getByLabel('Owner Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#ownerName-error')).toHaveText('Owner Name is required');
  await expect(toasts(page)).toHaveCount(0);
  expect(posts).toBe(0);

  await summary.getByRole('link', { name: /^Enter an email address/ }).click();
  await expect(form.getByLabel('Email')).toBeFocused();
  await summary.getByRole('link', { name: 'Subscription Plan is required' }).click();
  await expect(form.getByLabel('Subscription Plan')).toBeFocused();
  await axeBothSchemes(page);

  // Fixed fields leave the summary; a second submit focuses it again.
  await form.getByLabel('Owner Name').fill('Pat Example');
  await expect(summary.getByRole('link', { name: 'Owner Name is required' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(4);
});

test('a website typed without https:// is taken: the registration goes on to checkout', async ({
  page,
}) => {
  await page.goto('/');
  const form = await fillRequiredRegistration(page, 'essential');
  await form.getByLabel('Business Name').fill(`Alamo Plumbing ${Date.now().toString(36)}`);
  await form.getByLabel('Website', { exact: true }).fill('alamoplumbing.com');
  await page.getByRole('button', { name: 'Register Business' }).click();
  await expect(page).toHaveURL(/\/checkout\/essential\?registration=[0-9a-f-]{36}$/);
});

test('the Spanish registration form has its summary in Spanish, links focusing their fields', async ({
  page,
}) => {
  await page.goto('/es');
  await page.getByRole('button', { name: 'Registrar negocio' }).click();
  const summary = page
    .getByRole('alert')
    .filter({ hasText: 'Complete todos los campos obligatorios' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'El campo Nombre del negocio es obligatorio',
    'El campo Nombre del propietario es obligatorio',
    'El campo Correo electrónico es obligatorio',
    'El campo Tipo de negocio es obligatorio',
    'El campo Plan de suscripción es obligatorio',
  ]);
  await summary.getByRole('link', { name: 'El campo Tipo de negocio es obligatorio' }).click();
  await expect(page.getByLabel('Tipo de negocio')).toBeFocused();
  await expect(toasts(page)).toHaveCount(0);
  await axeBothSchemes(page);
});

/** A registration made through the API, its checkout opened in `locale`. */
async function openCheckout(page: Page, locale: 'en' | 'es') {
  const answer = await page.request.post('/api/business-registration', {
    data: {
      businessName: `Card Fields ${locale} ${Date.now().toString(36)}`,
      ownerName: 'Pat Example',
      email: `cards-${locale}-${Date.now().toString(36)}@example.com`,
      businessType: 'Restaurant',
      subscriptionPlan: 'professional',
      language: locale,
    },
  });
  expect(answer.ok()).toBe(true);
  await page.goto((await answer.json()).checkoutPath);
}

for (const [locale, t] of [
  [
    'en',
    {
      number: 'Card number',
      expiry: 'Expiry',
      pay: 'Pay $449.00',
      problem: 'There is a problem',
      invalid: 'Your card number is incomplete or invalid.',
    },
  ],
  [
    'es',
    {
      number: 'Número de tarjeta',
      expiry: 'Vencimiento',
      pay: 'Pagar $449.00',
      problem: 'Hay un problema',
      invalid: null,
    },
  ],
] as const) {
  test(`card fields format as typed with the brand shown, and list their problems (${locale})`, async ({
    page,
  }) => {
    await openCheckout(page, locale);
    const number = page.getByLabel(t.number);
    const expiry = page.getByLabel(t.expiry);
    await number.pressSequentially('378282246310005');
    await expect(number).toHaveValue('3782 822463 10005');
    await expect(page.getByTestId('card-brand')).toHaveText('American Express');
    await number.fill('');
    await number.pressSequentially('4242424242424241');
    await expect(number).toHaveValue('4242 4242 4242 4241');
    await expect(page.getByTestId('card-brand')).toHaveText('Visa');
    await expect(number).toHaveAccessibleDescription(/Visa/);
    // A one-digit month with a slash is January, not December of the year 9.
    await expiry.pressSequentially('1/29');
    await expect(expiry).toHaveValue('01 / 29');
    await expiry.fill('');
    await expiry.pressSequentially('4');
    await expect(expiry).toHaveValue('04');

    let confirms = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payments/test/confirm')) confirms++;
    });
    await page.getByRole('button', { name: t.pay }).click();
    const summary = page.getByRole('alert').filter({ hasText: t.problem });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(3);
    if (t.invalid) await expect(summary.getByRole('link').first()).toHaveText(t.invalid);
    await summary.getByRole('link').first().click();
    await expect(number).toBeFocused();
    await summary.getByRole('link').nth(1).click();
    await expect(expiry).toBeFocused();
    expect(confirms).toBe(0);
    await axeBothSchemes(page);
  });
}
