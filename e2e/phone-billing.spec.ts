import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openBillingLink,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Issue 28 §6: checkout and the billing page on a 390 × 844 phone, in English and Spanish.
// Its own client address (the e2e server trusts X-Forwarded-For), for its own per-address budgets.
const ADDRESS = '10.83.0.1';
const headers = { 'x-forwarded-for': ADDRESS };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

const WORDS = {
  en: {
    prefix: '',
    summary: 'Order summary',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    pay: /^Pay \$\d+\.\d{2}$/,
    failed: 'Payment Failed',
    changePlan: 'Change plan',
    openLink: 'Open my billing page',
    dueNow: 'Due now',
    unused: /^Unused time on Growing$/,
    receipt: /^Receipt INV-\d+$/,
    print: 'Print',
    back: 'Back to billing',
    payNow: /^Pay now INV-\d+$/,
    payNowTitle: 'Pay now',
    updateCard: 'Update card',
    saveCard: 'Save card',
    charged: /We charged \$\d+\.\d{2} for invoice INV-\d+\./,
    invoices: 'Invoices',
    failedStatus: 'Failed',
  },
  es: {
    prefix: '/es',
    summary: 'Resumen del pedido',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento',
    pay: /^Pagar \$\d+\.\d{2}$/,
    failed: 'El pago no se realizó',
    changePlan: 'Cambiar de plan',
    openLink: 'Abrir mi página de facturación',
    dueNow: 'A pagar ahora',
    unused: /^Tiempo no usado de Growing$/,
    receipt: /^Recibo INV-\d+$/,
    print: 'Imprimir',
    back: 'Volver a la facturación',
    payNow: /^Pagar ahora INV-\d+$/,
    payNowTitle: 'Pagar ahora',
    updateCard: 'Actualizar tarjeta',
    saveCard: 'Guardar tarjeta',
    charged: /Cobramos \$\d+\.\d{2} por la factura INV-\d+\./,
    invoices: 'Facturas',
    failedStatus: 'Fallida',
  },
} as const;

/**
 * Nothing sticks out sideways: no horizontal scroll, and every button, link, field and amount on
 * show lies within the viewport's width (screen-reader-only text, clipped to 1 px, aside).
 */
async function expectNothingCutOff(page: Page) {
  // A toast sliding in from the side is outside the viewport until its animation ends: measure after.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const problems = await page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scroll = document.scrollingElement!.scrollWidth;
    if (scroll > width) found.push(`the page scrolls sideways: ${scroll} > ${width}`);
    const shown = 'button, a, input, select, dd, dt, [data-testid="invoice"] *, [role="alert"]';
    for (const element of document.querySelectorAll<HTMLElement>(shown)) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `${element.tagName} "${element.textContent?.trim().slice(0, 40)}": ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      // Text clipped inside its own box (an amount cut by overflow: hidden) is cut off too.
      if (
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX !== 'visible'
      )
        found.push(
          `${element.tagName} "${element.textContent?.trim().slice(0, 40)}" clips its text`,
        );
    }
    return found;
  });
  expect(problems, problems.join('\n')).toEqual([]);
}

/** axe in the light and the dark colour scheme; back to light after. */
async function expectAxeCleanInBothSchemes(page: Page) {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
}

const bottomOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return box.y + box.height;
};

for (const lang of ['en', 'es'] as const) {
  const w = WORDS[lang];

  test(`checkout on a 390 px phone (${lang}): the card form in the first screen, the summary folded above it`, async ({
    page,
  }) => {
    await useAddress(page, ADDRESS);
    await page.setViewportSize(PHONE);
    const registration = await page.request.post('/api/business-registration', {
      headers,
      data: {
        businessName: `Phone Checkout ${lang} ${stamp}`,
        ownerName: 'Alex Example',
        email: `phone-checkout-${lang}-${stamp}@example.com`,
        businessType: 'Restaurant',
        subscriptionPlan: 'growing',
        language: lang,
      },
    });
    const { id } = (await registration.json()) as { id: string };
    await page.goto(`${w.prefix}/checkout/growing?registration=${id}`);

    const cardNumber = page.getByLabel(w.cardNumber);
    const pay = page.getByRole('button', { name: w.pay });
    await expect(pay).toBeEnabled();
    // The first screen, without scrolling: the card fields and the button that pays.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await bottomOf(cardNumber)).toBeLessThanOrEqual(PHONE.height);
    expect(await bottomOf(pay)).toBeLessThanOrEqual(PHONE.height);
    await expectNothingCutOff(page);

    // The summary is folded above the form: a button opens it, from the keyboard too.
    const toggle = page.getByRole('button', { name: w.summary });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#summary-lines')).toBeHidden();
    expect(await bottomOf(toggle)).toBeLessThanOrEqual((await cardNumber.boundingBox())!.y);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#summary-lines')).toBeVisible();
    await expect(page.locator('#summary-lines')).toContainText('Growing');
    await expectNothingCutOff(page);
    await expectAxeCleanInBothSchemes(page);
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A declined card: the toast does not cover the summary.
    await cardNumber.fill('4000 0000 0000 0002');
    await page.getByLabel(w.expiry).fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    const toast = page.getByText(w.failed, { exact: true });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.locator('xpath=ancestor::li[1]').boundingBox())!;
    for (const part of [toggle, page.getByTestId('due-today')]) {
      const box = (await part.boundingBox())!;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, `the toast covers ${await part.textContent()}`).toBe(false);
    }
    await expectNothingCutOff(page);
    await expectAxeCleanInBothSchemes(page);
  });

  test(`/account on a 390 px phone (${lang}): invoices fit, their pages print, plan cards, Pay now`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = `phone-account-${lang}-${stamp}@example.com`;
    await registerAndPayViaApi(page.context().request, {
      address: ADDRESS,
      plan: 'growing',
      businessName: `Phone Account ${lang} ${stamp}`,
      email,
      language: lang,
    });
    await useAddress(page, ADDRESS);
    await signIn(page);
    try {
      const asked = await page.request.post('/api/account/sign-in-link', {
        headers,
        data: { email },
      });
      expect(asked.status()).toBe(200);
      const { context, client } = await openBillingLink(browser, ADDRESS, email);
      expect(new URL(client.url()).pathname).toBe(`${w.prefix}/account`);
      await client.setViewportSize(PHONE);
      // A step that hangs fails as itself, not as the whole test's timeout.
      client.setDefaultTimeout(15_000);
      await client.getByRole('button', { name: w.openLink }).click();
      const invoices = client.getByRole('region', { name: w.invoices });
      await expect(invoices.getByTestId('invoice')).toHaveCount(1);
      await expectNothingCutOff(client);
      await expectAxeCleanInBothSchemes(client);

      // Change plan: the plans as cards with their features, the upgrade's line items from the server.
      await client.getByRole('button', { name: w.changePlan }).click();
      const dialog = client.getByRole('dialog', { name: w.changePlan });
      const professional = dialog.getByRole('radio', { name: /^Professional/ });
      await professional.check();
      const lines = dialog.getByTestId('proration-lines');
      await expect(lines.locator('dt')).toHaveCount(3);
      await expect(lines.locator('dt').nth(1)).toHaveText(w.unused);
      await expect(lines.locator('dt').nth(2)).toHaveText(w.dueNow);
      await expect(lines.locator('dd').nth(0)).toHaveText(/^\$\d+\.\d{2}$/);
      await expect(lines.locator('dd').nth(1)).toHaveText(/^−\$\d+\.\d{2}$/);
      // Each plan's card lists its features.
      await expect(
        dialog
          .locator('label')
          .filter({ hasText: /^Professional/ })
          .getByRole('listitem'),
      ).not.toHaveCount(0);
      await expectNothingCutOff(client);
      await expectAxeCleanInBothSchemes(client);
      await client.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The receipt at its own address, and printed alone.
      await invoices.getByRole('link', { name: w.receipt }).click();
      await expect(client).toHaveURL(new RegExp(`${w.prefix}/account/invoices/INV-\\d+$`));
      await expect(client.getByRole('heading', { level: 1, name: w.receipt })).toBeVisible();
      await expect(client.getByTestId('invoice-amount')).toHaveText(/^\$\d+\.\d{2}$/);
      await expectNothingCutOff(client);
      await expectAxeCleanInBothSchemes(client);
      // Opened directly (a bookmark, a link in a note), it is the same page.
      await client.reload();
      await expect(client.getByRole('heading', { level: 1, name: w.receipt })).toBeVisible();
      await client.emulateMedia({ media: 'print' });
      await expect(client.getByRole('button', { name: w.print })).toBeHidden();
      await expect(client.getByRole('link', { name: w.back })).toBeHidden();
      await expect(client.getByRole('banner')).toBeHidden();
      await expect(client.getByRole('contentinfo')).toBeHidden();
      await expect(client.getByTestId('invoice-amount')).toBeVisible();
      await client.emulateMedia({ media: 'screen' });
      await client.getByRole('link', { name: w.back }).click();

      // A renewal charged to 0341 fails: the failed charge offers Pay now, not a receipt.
      await client.getByRole('button', { name: w.updateCard }).first().click();
      let card = client.getByRole('dialog', { name: w.updateCard });
      await card.getByLabel(w.cardNumber).fill('4000 0000 0000 0341');
      await card.getByLabel(w.expiry).fill('10 / 36');
      await card.getByLabel('CVC').fill('456');
      await card.getByRole('button', { name: w.saveCard }).click();
      await expect(card).toBeHidden();
      const advanced = await page.request.post('/api/billing/clock/advance', {
        headers,
        data: { days: 31 },
      });
      expect(advanced.status()).toBe(200);
      await client.reload();
      const failed = invoices.getByTestId('invoice').filter({ hasText: w.failedStatus });
      await expect(failed).toHaveCount(1);
      await expect(failed.getByRole('link', { name: w.receipt })).toHaveCount(0);
      const payNow = failed.getByRole('button', { name: w.payNow });
      await expect(payNow).toBeVisible();
      await expectNothingCutOff(client);
      await expectAxeCleanInBothSchemes(client);

      await payNow.click();
      card = client.getByRole('dialog', { name: w.payNowTitle });
      await card.getByLabel(w.cardNumber).fill('4242 4242 4242 4242');
      await card.getByLabel(w.expiry).fill('10 / 36');
      await card.getByLabel('CVC').fill('456');
      await expectNothingCutOff(client);
      await card.getByRole('button', { name: w.saveCard }).click();
      await expect(card).toBeHidden();
      // It says what it charged, and the failed charge is paid: no Pay now left.
      await expect(client.getByText(w.charged).first()).toBeVisible();
      await expect(invoices.getByRole('button', { name: w.payNow })).toHaveCount(0);
      await expect(invoices.getByTestId('invoice')).toHaveCount(3);
      await expectNothingCutOff(client);
      await context.close();
    } finally {
      // The e2e server is shared by every spec: put the billing clock back.
      await page.request.post('/api/billing/clock/reset', { headers });
    }
  });

  test(`an invoice of someone else is not found (${lang})`, async ({ page }) => {
    await useAddress(page, ADDRESS);
    await page.setViewportSize(PHONE);
    await page.goto(`${w.prefix}/account/invoices/INV-000001`);
    // Not signed in: the page says where to sign in, and links back to the billing page.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: w.back })).toHaveAttribute(
      'href',
      `${w.prefix}/account`,
    );
    await expectNothingCutOff(page);
    await expectAxeCleanInBothSchemes(page);
  });
}
