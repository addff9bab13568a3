import fs from 'node:fs';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import type { SubscriptionPlan } from '../src/contract/plans/plans';
import { expectNoSeriousA11yViolations, signIn, useAddress } from './helpers';

// Issue 28 §2 and §7: the agency's texts in Spanish, the FAQ, the price story, the cancellation
// policy and the client's language. Its own client address, so its sign-in and registration do
// not spend the per-address budgets of the other specs.
const ADDRESS = '10.28.0.2';
const stamp = Date.now().toString(36);

let session: Cookie[] | undefined;
async function signedIn(page: Page) {
  if (session) return page.context().addCookies(session);
  await signIn(page);
  session = await page.context().cookies();
}

test.beforeEach(async ({ page }) => useAddress(page, ADDRESS));
// Each test runs axe on the whole landing page, in two colour schemes: slow on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** Plans are folded (one <details> each); the summary starts with the plan's name. */
const openPlan = (page: Page, displayName: string) =>
  page
    .locator('summary')
    .filter({ hasText: new RegExp(`^${displayName}\\$`) })
    .click();

async function saveEssentialSpanish(page: Page, description: string, features: string) {
  await page.goto('/settings/plans');
  await openPlan(page, 'Essential');
  const form = page.getByRole('form', { name: 'Edit plan Essential' });
  await form.getByLabel('Description in Spanish').fill(description);
  await form.getByLabel('Features in Spanish').fill(features);
  await form.getByRole('button', { name: 'Save Essential' }).click();
  await expect(page.getByText('Plan saved').first()).toBeVisible();
}

test("a plan's Spanish text edited in settings shows on /es; blank, the English shows marked lang=en", async ({
  page,
}) => {
  await signedIn(page);
  const plans = (await (
    await page.request.get('/api/subscription-plans')
  ).json()) as SubscriptionPlan[];
  const essential = plans.find((p) => p.name === 'essential')!;
  try {
    await saveEssentialSpanish(
      page,
      'Un sitio web profesional y lo básico para que le encuentren.',
      'Sitio web de hasta 5 páginas\nSoporte técnico 24/7',
    );
    await page.goto('/es');
    const card = page.getByRole('group', { name: 'Essential' });
    const description = card.getByText(
      'Un sitio web profesional y lo básico para que le encuentren.',
    );
    await expect(description).toBeVisible();
    await expect(description).not.toHaveAttribute('lang');
    await expect(card.getByRole('listitem')).toHaveText([
      'Sitio web de hasta 5 páginas',
      'Soporte técnico 24/7',
    ]);
    await expect(card.getByText('$199/mes durante 12 meses, después $425/mes')).toBeVisible();
    // The /es JSON-LD offers the Spanish description.
    const org = (await jsonLd(page)).find((block) => block['@type'] === 'Organization')!;
    const offers = org.makesOffer as { name: string; description: string }[];
    expect(offers.find((o) => o.name === 'Essential')!.description).toBe(
      'Un sitio web profesional y lo básico para que le encuentren.',
    );
    // The demo plans come with Spanish texts (seeded): nothing on the card is marked English.
    const growing = page.getByRole('group', { name: 'Growing' });
    await expect(
      growing.getByText(plans.find((p) => p.name === 'growing')!.descriptionEs!),
    ).toBeVisible();
    await expect(growing.locator('[lang="en"]')).toHaveCount(0);
    await expect(growing.getByText('$299/mes durante 12 meses, después $325/mes')).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Professional' })
        .getByText('$449/mes, el precio se mantiene'),
    ).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page);
    }
    // The English page keeps the English text, unmarked.
    await page.goto('/');
    const english = page.getByRole('group', { name: 'Essential' }).getByText(essential.description);
    await expect(english).toBeVisible();
    await expect(english).not.toHaveAttribute('lang');

    // Emptied again: the Spanish page falls back to the English text, marked lang="en".
    await saveEssentialSpanish(page, '', '');
    await page.goto('/es');
    const fallback = page.getByRole('group', { name: 'Essential' });
    await expect(fallback.getByText(essential.description)).toHaveAttribute('lang', 'en');
    await expect(fallback.locator('ul')).toHaveAttribute('lang', 'en');
  } finally {
    await page.request.put(`/api/subscription-plans/${essential.id}`, {
      data: {
        displayName: essential.displayName,
        description: essential.description,
        price: essential.price,
        billingCycle: essential.billingCycle,
        features: essential.features,
        renewalPrice: essential.renewalPrice,
        mostPopular: essential.mostPopular,
        descriptionEs: essential.descriptionEs,
        featuresEs: essential.featuresEs,
      },
    });
  }
});

for (const [path, words] of [
  [
    '/',
    {
      title: 'Questions and answers',
      question: 'How do I cancel?',
      policy: 'Read our cancellation policy',
      policyTitle: 'Cancellation policy',
    },
  ],
  [
    '/es',
    {
      title: 'Preguntas frecuentes',
      question: '¿Cómo cancelo?',
      policy: 'Lea nuestra política de cancelación',
      policyTitle: 'Política de cancelación',
    },
  ],
] as const) {
  test(`the FAQ on ${path}, with its FAQPage JSON-LD and the cancellation policy`, async ({
    page,
  }) => {
    await page.goto(path);
    const faq = page.getByRole('region', { name: words.title });
    await expect(faq.getByRole('heading', { name: words.question })).toBeVisible();
    // Waits for the section as hydrated: its lazy chunk may render it again after the server's HTML.
    await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(4);
    const questions = await faq.getByRole('heading', { level: 3 }).allTextContents();

    const block = (await jsonLd(page)).find((b) => b['@type'] === 'FAQPage');
    expect(block).toMatchObject({
      '@context': 'https://schema.org',
      inLanguage: path === '/' ? 'en' : 'es',
    });
    const entities = block!.mainEntity as {
      '@type': string;
      name: string;
      acceptedAnswer: { '@type': string; text: string };
    }[];
    // The block says what the page shows, question for question.
    expect(entities.map((e) => e.name)).toEqual(questions);
    for (const entity of entities) {
      expect(entity['@type']).toBe('Question');
      expect(entity.acceptedAnswer['@type']).toBe('Answer');
      await expect(faq.getByText(entity.acceptedAnswer.text)).toBeVisible();
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoSeriousA11yViolations(page);
    }

    await faq.getByRole('link', { name: words.policy }).click();
    await expect(page).toHaveURL(path === '/' ? '/cancellation-policy' : '/es/cancellation-policy');
    await expect(page.getByRole('heading', { name: words.policyTitle, level: 1 })).toBeVisible();
  });
}

test('the FAQ edited in settings: a blank Spanish answer shows the English one, marked lang=en', async ({
  page,
}) => {
  await signedIn(page);
  const before = await (await page.request.get('/api/faq')).json();
  try {
    await page.goto('/settings/plans');
    const form = page.getByRole('form', { name: 'Questions and answers (FAQ)' });
    const first = form.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Answer in Spanish').fill('');
    await form.getByRole('button', { name: 'Add a question' }).click();
    const fifth = form.getByRole('group', { name: 'Question 5' });
    // By role: a required field's label text ends in an asterisk its accessible name leaves out.
    await fifth
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill(`Do you answer on weekends? ${stamp}`);
    await fifth.getByRole('textbox', { name: 'Answer', exact: true }).fill('Yes, by e-mail.');
    await fifth.getByLabel('Question in Spanish').fill(`¿Responden los fines de semana? ${stamp}`);
    await fifth.getByLabel('Answer in Spanish').fill('Sí, por correo.');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save FAQ' }).click();
    await expect(page.getByText('FAQ saved').first()).toBeVisible();

    await page.goto('/es');
    const faq = page.getByRole('region', { name: 'Preguntas frecuentes' });
    await expect(
      faq.getByRole('heading', { name: `¿Responden los fines de semana? ${stamp}` }),
    ).toBeVisible();
    await expect(faq.getByText('Sí, por correo.')).toBeVisible();
    const englishAnswer = faq.locator('p[lang="en"]');
    await expect(englishAnswer).toHaveCount(1);
    await expect(englishAnswer).toContainText('Every plan includes');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await page.request.put('/api/faq', { data: { entries: before } });
  }
});

test('checkout links to the cancellation policy in its language', async ({ page }) => {
  await page.goto('/checkout/growing');
  await expect(page.getByText('$299/month for 12 months, then $325/month').first()).toBeVisible();
  await page
    .getByRole('link', { name: 'Cancel any time, without a fee: read our cancellation policy' })
    .click();
  await expect(page).toHaveURL('/cancellation-policy');
  await expect(page.getByRole('heading', { name: 'Cancellation policy', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Cancellation policy · /);

  await page.goto('/es/checkout/growing');
  await page
    .getByRole('link', {
      name: 'Cancele cuando quiera, sin cargo: lea nuestra política de cancelación',
    })
    .click();
  await expect(page).toHaveURL('/es/cancellation-policy');
  await expect(
    page.getByRole('heading', { name: 'Política de cancelación', level: 1 }),
  ).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  // Served by the server too (a fresh load, not only the router), and listed in the sitemap.
  expect((await page.request.get('/es/cancellation-policy')).status()).toBe(200);
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(
    '/es/cancellation-policy</loc>',
  );
});

test("Clients shows the client's language in the list, the detail and the CSV", async ({
  page,
}) => {
  const business = `Taller Bilingüe ${stamp}`;
  const res = await page.request.post('/api/business-registration', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: {
      businessName: business,
      ownerName: 'Lucía Ruiz',
      email: `taller-${stamp}@example.com`,
      businessType: 'Automotive',
      subscriptionPlan: 'growing',
      language: 'es',
    },
  });
  expect(res.status()).toBe(201);
  await signedIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByLabel('Search clients').fill(business);
  const table = page.getByRole('table', { name: 'Clients' });
  const row = table.getByRole('row', { name: new RegExp(business) });
  await expect(row.getByRole('cell').last()).toHaveText('Spanish');
  await expect(table.getByRole('columnheader', { name: 'Language' })).toBeVisible();

  await page.getByRole('button', { name: business }).click();
  const dialog = page.getByRole('dialog', { name: business });
  await expect(dialog.getByText('Language')).toBeVisible();
  await expect(dialog.getByText('Spanish', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, line] = csv.split('\r\n');
  const columns = header!.split(',');
  expect(line!.split(',')[columns.indexOf('Language')]).toBe('Spanish');
});
