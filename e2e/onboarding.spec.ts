import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openBillingLink,
  outboxMails,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Issue 29 §3: a paying client tells us about their business on /account (a 390 px phone), with a
// logo upload; the team e-mail goes out and the answers are on the client's record. Its own client
// address (the e2e server trusts X-Forwarded-For), for its own per-address budgets.
const ADDRESS = '10.133.0.1';
const headers = { 'x-forwarded-for': ADDRESS };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

/** A paying client of `language`, signed in to the billing page in a browser of their own. */
async function signedInClient(
  page: Page,
  browser: Parameters<typeof openBillingLink>[0],
  language: 'en' | 'es',
) {
  const businessName = `Onboarding ${language} ${stamp}`;
  const email = `onboarding-${language}-${stamp}@example.com`;
  await registerAndPayViaApi(page.context().request, {
    address: ADDRESS,
    plan: 'growing',
    businessName,
    email,
    language,
  });
  const asked = await page.request.post('/api/account/sign-in-link', {
    headers,
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const { context, client } = await openBillingLink(browser, ADDRESS, email);
  await client.setViewportSize(PHONE);
  client.setDefaultTimeout(15_000);
  await client
    .getByRole('button', {
      name: language === 'en' ? 'Open my billing page' : 'Abrir mi página de facturación',
    })
    .click();
  return { businessName, email, context, client };
}

/** Nothing wider than the phone's screen: no sideways scroll, no control or link cut off. */
async function expectNoSideScroll(page: Page) {
  const problems = await page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scroll = document.scrollingElement!.scrollWidth;
    if (scroll > width) found.push(`the page scrolls sideways: ${scroll} > ${width}`);
    for (const element of document.querySelectorAll<HTMLElement>('button, a, input, textarea')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(`${element.outerHTML.slice(0, 80)} spans ${box.left}–${box.right}`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** axe finds nothing serious in the dark scheme nor in the light one. */
async function expectAxeCleanInBothSchemes(page: Page) {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
}

test('a client fills in their onboarding on a phone, with a logo, and the team gets it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await useAddress(page, ADDRESS);
  await signIn(page);
  const { businessName, context, client } = await signedInClient(page, browser, 'en');
  try {
    const form = client.getByRole('form', { name: 'Tell us about your business' });
    // Carried over from the registration.
    await expect(form.getByLabel('Business name')).toHaveValue(businessName);
    await expectNoSeriousA11yViolations(client);

    await form.getByLabel('What your business does').fill('Bread and cakes, baked at dawn.');
    await form.getByLabel('What should your website do for you?').fill('Take orders online.');
    await form.getByRole('button', { name: 'Add a colour' }).click();
    await form.getByLabel('Colour 1 (hex code)').fill('#c0392b');
    await form.getByLabel('Your current domain').fill('onboarding-bakery.example');
    await form.getByLabel('Instagram').fill('instagram.com/onboardingbakery');
    await form.getByRole('button', { name: 'Add a site' }).click();
    await form.getByLabel('Site you like 1').fill('https://example.com/');
    await expect(client.getByTestId('save-status')).toHaveText('Saved');

    const logo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 192, g: 57, b: 43 } },
    })
      .png()
      .toBuffer();
    await form.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    await expect(form.getByText('logo.png uploaded.')).toBeVisible();
    const shown = form.getByRole('img', { name: 'Your logo' });
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await expectNoSideScroll(client);
    await expectAxeCleanInBothSchemes(client);

    // A reload keeps the draft.
    await client.reload();
    await expect(form.getByLabel('What should your website do for you?')).toHaveValue(
      'Take orders online.',
    );

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(client.getByTestId('onboarding-submitted')).toContainText(
      'Thank you! Your answers were sent on',
    );
    await expectNoSeriousA11yViolations(client);
  } finally {
    await context.close();
  }

  // The team is told (the project manager once clients have one), and sees it on the record.
  const [mail] = (await outboxMails(page, 'help@example.com', 'team_onboarding_submitted')).filter(
    (m) => m.text.includes(businessName),
  );
  expect(mail?.text).toContain('Goals:\n  Take orders online.');
  expect(mail?.text).toContain('Social accounts: Instagram https://instagram.com/onboardingbakery');
  await page.goto('/admin#clients');
  await page.getByLabel('Search clients').fill(businessName);
  await page.getByRole('button', { name: businessName }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  await expect(dialog.getByRole('heading', { name: 'Onboarding', exact: true })).toBeVisible();
  await expect(dialog.getByText('Take orders online.')).toBeVisible();
  const recordLogo = dialog.getByRole('img', { name: 'Logo' });
  await expect
    .poll(() => recordLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(300);
  await expectNoSeriousA11yViolations(page);
});

test('the form speaks Spanish on /es/account, its mistakes too', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await useAddress(page, ADDRESS);
  await signIn(page);
  const { context, client } = await signedInClient(page, browser, 'es');
  try {
    expect(new URL(client.url()).pathname).toBe('/es/account');
    const form = client.getByRole('form', { name: 'Cuéntenos sobre su negocio' });
    await expect(form.getByLabel('Nombre del negocio')).toBeVisible();
    await form.getByRole('button', { name: 'Enviar' }).click();
    const summary = client.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Hay un problema');
    await expect(summary).toContainText('Cuéntenos a qué se dedica su negocio.');
    await expect(summary).toContainText('Cuéntenos qué debe hacer su sitio web por usted.');
    await form.getByLabel('Su dominio actual').fill('mi negocio');
    await expect(client.getByTestId('save-status')).toHaveText('Guardado');
    await expectNoSideScroll(client);
    await expectAxeCleanInBothSchemes(client);
  } finally {
    await context.close();
  }
});
