import { expect, test, type Page } from '@playwright/test';
import { readCatalog } from '../src/server/locales';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  openBillingLink,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Its own client address (the e2e server trusts X-Forwarded-For), so this spec's sign-ins and link
// requests do not spend the per-address budgets of the other specs.
const ADDRESS = '10.132.0.1';
const stamp = Date.now().toString(36);
const business = `Project Spec Bakery ${stamp}`;
const email = `project-${stamp}@example.com`;

/** The employee's dialog of this client's project, opened from the 'Projects' board. */
async function openProject(page: Page) {
  await page.goto('/admin#projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Open the project of ${business}` }).click();
  const dialog = page.getByRole('dialog', { name: `Project of ${business}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function sendDesign(page: Page, url: string) {
  const dialog = await openProject(page);
  const design = dialog.locator('[data-milestone="design"]').first();
  await design.getByLabel('Deliverable (a link)').fill(url);
  await design.getByRole('button', { name: 'Send for review (Design)' }).click();
  await expect(design).toHaveAttribute('data-status', 'in_review');
  await page.keyboard.press('Escape');
}

test('the team sends the website design for review; the client asks for changes, then approves', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await useAddress(page, ADDRESS);
  await registerAndPayViaApi(page.request, {
    address: ADDRESS,
    plan: 'growing',
    businessName: business,
    email,
  });

  // The team: the project is on the board, in its website's first stage.
  await signIn(page);
  await page.goto('/admin#projects');
  const discovery = page.getByRole('region', { name: /^Discovery/ });
  await expect(discovery.getByText(business, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sendDesign(page, 'https://figma.example/design-v1');

  // The client opens the billing page from the e-mailed link and sees the design waiting.
  const asked = await page.request.post('/api/account/sign-in-link', {
    headers: { 'x-forwarded-for': ADDRESS },
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const { client, open } = await openBillingLink(browser, ADDRESS, email);
  await open.click();
  const project = client.getByRole('region', { name: 'Your project' });
  await expect(project).toBeVisible();
  const design = project.locator('[data-milestone="design"]');
  await expect(design.getByText('Waiting for your review')).toBeVisible();
  await expect(design.getByRole('link', { name: 'Open the deliverable' })).toHaveAttribute(
    'href',
    'https://figma.example/design-v1',
  );
  await expectNoSeriousA11yViolations(client);

  // Asking for changes needs a comment.
  await design.getByRole('button', { name: 'Request changes' }).click();
  await expect(design.getByText('Comment is required: say what should change')).toBeVisible();
  await design.getByLabel('Comment').fill('A bigger logo, please');
  await design.getByRole('button', { name: 'Request changes' }).click();
  await expect(design.getByText('Changes requested')).toBeVisible();
  await expect(design.getByText('Your comment: A bigger logo, please')).toBeVisible();

  // The team sees the comment, re-sends; the client approves and the milestone is done.
  const dialog = await openProject(page);
  await expect(dialog.getByText('A bigger logo, please')).toBeVisible();
  await page.keyboard.press('Escape');
  await sendDesign(page, 'https://figma.example/design-v2');

  await client.reload();
  await expect(design.getByText('Waiting for your review')).toBeVisible();
  await design.getByRole('button', { name: 'Approve' }).click();
  await expect(design.getByText('Done', { exact: true })).toBeVisible();
  await expect(design.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await client.reload();
  await expect(
    client.getByRole('region', { name: 'Your project' }).locator('[data-milestone="design"]'),
  ).toContainText('Done');

  // The client's timeline on a phone: nothing scrolls sideways; axe clean in both colour schemes.
  await client.setViewportSize({ width: 390, height: 844 });
  await expect(client.getByRole('region', { name: 'Your project' })).toBeVisible();
  expect(
    await client.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  for (const colorScheme of ['dark', 'light'] as const) {
    await client.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(client);
  }

  // On a phone the board is one column of cards, nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin#projects');
  await expect(page.getByText(business, { exact: true })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test("a Spanish client's project speaks Spanish, and the review e-mail too", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const address = '10.132.0.2';
  const esBusiness = `Panadería Proyecto ${stamp}`;
  const esEmail = `proyecto-${stamp}@example.com`;
  await useAddress(page, address);
  await registerAndPayViaApi(page.request, {
    address,
    plan: 'growing',
    businessName: esBusiness,
    email: esEmail,
    language: 'es',
  });
  await signIn(page);
  await page.goto('/admin#projects');
  await page.getByRole('button', { name: `Open the project of ${esBusiness}` }).click();
  const design = page
    .getByRole('dialog', { name: `Project of ${esBusiness}` })
    .locator('[data-milestone="design"]');
  await design.getByLabel('Deliverable (a link)').fill('https://figma.example/es');
  await design.getByRole('button', { name: 'Send for review (Design)' }).click();
  await expect(design).toHaveAttribute('data-status', 'in_review');

  const asked = await page.request.post('/api/account/sign-in-link', {
    headers: { 'x-forwarded-for': address },
    data: { email: esEmail },
  });
  expect(asked.status()).toBe(200);
  const review = await emailedLink(
    browser,
    address,
    esEmail,
    'project_review',
    /https?:\/\/\S+\/es\/account/,
  );
  expect(review.pathname).toBe('/es/account');
  const link = await emailedLink(
    browser,
    address,
    esEmail,
    'client_billing_link',
    /https?:\/\/\S+\/es\/account\?token=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext();
  const client = await context.newPage();
  await useAddress(client, address);
  await client.goto(link.pathname + link.search);
  await client.getByRole('button', { name: 'Abrir mi página de facturación' }).click();
  const project = client.getByRole('region', { name: 'Su proyecto' });
  await expect(project.getByRole('heading', { name: 'Sitio web' })).toBeVisible();
  const esDesign = project.locator('[data-milestone="design"]');
  await expect(esDesign).toContainText('Diseño');
  await expect(esDesign).toContainText('Espera su revisión');
  await expect(esDesign.getByRole('button', { name: 'Pedir cambios' })).toBeVisible();
  await expect(project.getByRole('radio', { name: 'Un correo en cada paso' })).toBeChecked();
  // No sentence of the English project catalog on the Spanish page.
  const text = await client.evaluate(() => document.body.innerText);
  const english = Object.values(readCatalog('en', 'project'))
    .flatMap((m) => m.split(/[{}#]/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.split(/\s+/).length >= 3);
  expect(english.filter((sentence) => text.includes(sentence))).toEqual([]);
  await expectNoSeriousA11yViolations(client);
  await context.close();
});
